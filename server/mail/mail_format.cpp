// How the outbox writes a mail (see mail_format.hpp): headers, encodings and the .eml file.

#include "server/mail/mail_format.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>

namespace warpath::server::mail {

namespace {

// Encoded words of at most 39 bytes of text: 52 base64 characters, 64 with "=?UTF-8?B?" and "?=",
// so that "Subject: " and the first word stay within the recommended 78 characters.
constexpr std::size_t encoded_word_bytes = 39;
constexpr std::size_t qp_line_limit = 76;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string without_line_breaks(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\r' || c == '\n') c = ' ';
  return out;
}

bool printable_ascii(std::string_view text) {
  for (unsigned char c : text)
    if ((c < 0x20 && c != '\t') || c > 0x7e) return false;
  return true;
}

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::strlen(out.c_str()));
  return out;
}

bool is_continuation(unsigned char c) { return (c & 0xc0) == 0x80; }

// RFC 5322 "specials" that a display name may only hold inside a quoted string.
bool needs_quotes(std::string_view name) {
  for (char c : name)
    if (std::strchr("()<>[]:;@\\,.\"", c)) return true;
  return false;
}

std::string display_name(std::string_view name) {
  if (!printable_ascii(name)) return encode_header_text(name);
  if (!needs_quotes(name)) return std::string(name);
  std::string quoted = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

bool valid_address(std::string_view address) {
  const auto at = address.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return false;
  for (unsigned char c : address)
    if (c <= 0x20 || c == '<' || c == '>' || c == 0x7f) return false;
  return true;
}

void write_all(int fd, std::string_view data, const std::string& path) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("write " + path + ": " + std::strerror(errno));
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

Mailbox parse_mailbox(std::string_view text) {
  text = trim(text);
  Mailbox box;
  const auto open = text.rfind('<');
  if (open != std::string_view::npos && !text.empty() && text.back() == '>') {
    box.address = std::string(trim(text.substr(open + 1, text.size() - open - 2)));
    std::string_view name = trim(text.substr(0, open));
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
    box.display_name = std::string(name);
  } else {
    box.address = std::string(text);
  }
  if (!valid_address(box.address))
    throw std::invalid_argument("not a mail address: '" + std::string(text) + "' (expected name <local@domain>)");
  return box;
}

std::string domain_of(std::string_view address) {
  const auto at = address.rfind('@');
  return std::string(at == std::string_view::npos ? address : address.substr(at + 1));
}

std::string encode_header_text(std::string_view raw) {
  const std::string text = without_line_breaks(raw);
  // Plain ASCII goes as it is, unless it could be read as an encoded word itself.
  if (printable_ascii(text) && text.find("=?") == std::string::npos && text.size() <= 900) return text;
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = std::min(text.size(), i + encoded_word_bytes);
    // Never split a UTF-8 sequence between two words (unless it is not UTF-8 at all).
    std::size_t cut = end;
    while (cut > i && cut < text.size() && is_continuation(static_cast<unsigned char>(text[cut]))) --cut;
    if (cut > i) end = cut;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(std::string_view(text).substr(i, end - i)) + "?=";
    i = end;
  }
  return out;
}

std::string quoted_printable(std::string_view text) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos;
    if (last) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (last && line.empty() && start > 0) break;  // the text ended with its line break
    std::size_t column = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      const bool at_end = i + 1 == line.size();
      const bool literal =
          (c >= 33 && c <= 126 && c != '=' && !(c == '.' && column == 0)) || ((c == ' ' || c == '\t') && !at_end);
      std::string token = literal ? std::string(1, static_cast<char>(c)) : std::string{'=', hex[c >> 4], hex[c & 0xf]};
      // A soft break ("=" at the end) keeps every line within 76 characters.
      if (column + token.size() > qp_line_limit - 1) {
        out += "=\r\n";
        column = 0;
        if (c == '.') token = "=2E";  // a line must not start with a bare dot
      }
      out += token;
      column += token.size();
    }
    out += "\r\n";
    if (last) break;
    start = end + 1;
  }
  return out;
}

std::string rfc5322_date(std::int64_t unix_seconds) {
  static constexpr const char* days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday], tm.tm_mday,
                months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

std::string message_id(std::string_view idempotency_key, const Mailbox& from) {
  return "<" + std::string(idempotency_key) + "@" + domain_of(from.address) + ">";
}

std::string format_mail(const MailMessage& mail) {
  std::string out;
  out += "From: ";
  out += mail.from.display_name.empty() ? mail.from.address
                                        : display_name(mail.from.display_name) + " <" + mail.from.address + ">";
  out += "\r\nTo: " + without_line_breaks(mail.to);
  out += "\r\nSubject: " + encode_header_text(mail.subject);
  out += "\r\nDate: " + rfc5322_date(mail.date);
  out += "\r\nMessage-ID: " + message_id(without_line_breaks(mail.idempotency_key), mail.from);
  out += "\r\nMIME-Version: 1.0";
  out += "\r\nContent-Type: text/plain; charset=utf-8";
  out += "\r\nContent-Transfer-Encoding: quoted-printable";
  out += "\r\n\r\n";
  out += quoted_printable(mail.text);
  return out;
}

std::string eml_file_name(std::string_view key) {
  if (key.empty()) throw std::invalid_argument("an empty idempotency key");
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      throw std::invalid_argument("idempotency key '" + std::string(key) + "' is not a plain file name");
  return std::string(key) + ".eml";
}

std::filesystem::path write_eml(const std::filesystem::path& dir, std::string_view key, std::string_view message) {
  const std::string name = eml_file_name(key);
  std::filesystem::create_directories(dir);
  const std::filesystem::path target = dir / name;
  const std::filesystem::path temp = dir / ("." + name + "." + std::to_string(::getpid()) + ".tmp");
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) throw std::runtime_error("open " + temp.string() + ": " + std::strerror(errno));
  try {
    write_all(fd, message, temp.string());
    if (::fsync(fd) != 0) throw std::runtime_error("fsync " + temp.string() + ": " + std::strerror(errno));
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  ::close(fd);
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    const std::string error = std::strerror(errno);
    ::unlink(temp.c_str());
    throw std::runtime_error("rename " + temp.string() + ": " + error);
  }
  // The rename itself must survive a crash before the message is marked sent.
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return target;
}

}  // namespace warpath::server::mail
