#pragma once
// A mail as the outbox sends it: the RFC 5322 message (headers, RFC 2047 encoded words for text
// that is not ASCII, a quoted-printable UTF-8 body) built from an outbox row, and the .eml file a
// server without a relay writes instead of sending. Pure functions, so that the unit tests can
// check the exact bytes.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace warpath::server::mail {

// "Warpath <warpath@example.org>" or "warpath@example.org".
struct Mailbox {
  std::string display_name;  // may be empty
  std::string address;       // local@domain
};
// Throws std::invalid_argument when there is no local@domain address in `text`.
Mailbox parse_mailbox(std::string_view text);
// What follows the last '@' ("example.org").
std::string domain_of(std::string_view address);

// A header's text as it may be written: itself when it is printable ASCII, else RFC 2047 encoded
// words (UTF-8, base64), at most 64 characters each, folded onto continuation lines. Line breaks
// in the text become spaces (no header injection).
std::string encode_header_text(std::string_view text);
// RFC 2045 quoted-printable of UTF-8 text, with CRLF line ends and lines of at most 76 characters.
std::string quoted_printable(std::string_view text);
// RFC 5322 date in UTC: "Thu, 01 Jan 1970 00:00:00 +0000".
std::string rfc5322_date(std::int64_t unix_seconds);
// "<key@domain of from>".
std::string message_id(std::string_view idempotency_key, const Mailbox& from);

struct MailMessage {
  Mailbox from;
  std::string to;  // an address
  std::string subject;
  std::string text;  // UTF-8 plain text
  std::string idempotency_key;
  std::int64_t date = 0;  // Unix seconds
};
// The whole message with CRLF line ends, ready for SMTP DATA or an .eml file.
std::string format_mail(const MailMessage& mail);

// "<key>.eml"; throws std::invalid_argument for a key that is not a plain file name
// (letters, digits, '-', '_', not empty).
std::string eml_file_name(std::string_view idempotency_key);
// Writes `message` to `dir`/<key>.eml atomically (a temporary file, fsync, rename, fsync of the
// directory), creating `dir` if needed; an earlier file of the same key is replaced. Throws
// std::runtime_error (or std::filesystem::filesystem_error) on failure.
std::filesystem::path write_eml(const std::filesystem::path& dir, std::string_view idempotency_key,
                                std::string_view message);

}  // namespace warpath::server::mail
