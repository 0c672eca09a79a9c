// libcurl's SMTP and HTTP clients set up for the outbox (see curl_delivery.hpp).

#include "server/mail/curl_delivery.hpp"

#include <curl/curl.h>

#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string_view>

namespace warpath::server::mail {

static_assert(CURL_ERROR_SIZE == 256, "CurlClient's error buffers are CURL_ERROR_SIZE bytes");

namespace {

constexpr long connect_timeout_seconds = 10;

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw std::runtime_error("curl_global_init failed");
  });
}

struct Upload {
  std::string_view data;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->data.size());
  std::memcpy(buffer, upload->data.data(), n);
  upload->data.remove_prefix(n);
  return n;
}

std::size_t discard(char*, std::size_t size, std::size_t count, void*) { return size * count; }

int progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto* interrupted = static_cast<const std::function<bool()>*>(user);
  return (*interrupted)() ? 1 : 0;
}

struct SList {
  curl_slist* list = nullptr;
  ~SList() { curl_slist_free_all(list); }
  void add(const std::string& line) {
    curl_slist* next = curl_slist_append(list, line.c_str());
    if (!next) throw std::bad_alloc();
    list = next;
  }
};

// Settings both kinds of transfer share; `errors` receives curl's detailed message.
void common_options(CURL* h, char* errors, const std::function<bool()>* interrupted) {
  curl_easy_reset(h);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errors);
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, connect_timeout_seconds);
  curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, progress);
  curl_easy_setopt(h, CURLOPT_XFERINFODATA, interrupted);
  errors[0] = '\0';
}

DeliveryOutcome failure(CURLcode code, const char* errors) {
  if (code == CURLE_ABORTED_BY_CALLBACK) return {DeliveryOutcome::Result::interrupted, "interrupted: stopping"};
  std::string error = curl_easy_strerror(code);
  if (errors[0]) error += std::string(": ") + errors;
  return {DeliveryOutcome::Result::failed, error};
}

}  // namespace

CurlClient::CurlClient(std::function<bool()> interrupted) : interrupted_(std::move(interrupted)) {
  global_init();
  smtp_ = curl_easy_init();
  http_ = curl_easy_init();
  if (!smtp_ || !http_) {
    curl_easy_cleanup(smtp_);
    curl_easy_cleanup(http_);
    throw std::runtime_error("curl_easy_init failed");
  }
}

CurlClient::~CurlClient() {
  curl_easy_cleanup(static_cast<CURL*>(smtp_));
  curl_easy_cleanup(static_cast<CURL*>(http_));
}

DeliveryOutcome CurlClient::send_mail(const SmtpRelay& relay, const std::string& envelope_from, const std::string& to,
                                      const std::string& message) {
  auto* h = static_cast<CURL*>(smtp_);
  char* errors = smtp_errors_.data();
  common_options(h, errors, &interrupted_);
  SList recipients;
  recipients.add("<" + to + ">");
  Upload upload{message};
  const std::string from = "<" + envelope_from + ">";
  curl_easy_setopt(h, CURLOPT_URL, relay.url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // STARTTLS whenever the relay offers it; an smtps:// URL is TLS from the start.
  curl_easy_setopt(h, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  curl_easy_setopt(h, CURLOPT_TIMEOUT, static_cast<long>(smtp_timeout.count()));
  if (!relay.user.empty()) {
    curl_easy_setopt(h, CURLOPT_USERNAME, relay.user.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, relay.password.c_str());
  }
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, recipients.list);
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(h, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(h, CURLOPT_READDATA, &upload);
  curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  const CURLcode code = curl_easy_perform(h);
  // The handle outlives the list and the upload: it must not point at them.
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, nullptr);
  curl_easy_setopt(h, CURLOPT_READDATA, nullptr);
  if (code != CURLE_OK) {
    long reply = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &reply);
    DeliveryOutcome out = failure(code, errors);
    if (reply > 0) out.error += " (SMTP reply " + std::to_string(reply) + ")";
    return out;
  }
  return {DeliveryOutcome::Result::sent, ""};
}

DeliveryOutcome CurlClient::post_json(const std::string& url, const std::string& idempotency_key,
                                      const std::string& body, std::chrono::seconds timeout) {
  auto* h = static_cast<CURL*>(http_);
  char* errors = http_errors_.data();
  common_options(h, errors, &interrupted_);
  SList headers;
  headers.add("Content-Type: application/json");
  headers.add("Idempotency-Key: " + idempotency_key);
  headers.add("User-Agent: Warpath");
  headers.add("Expect:");  // no 100-continue round trip for larger bodies
  curl_easy_setopt(h, CURLOPT_URL, url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(h, CURLOPT_TIMEOUT, static_cast<long>(timeout.count()));
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.list);
  curl_easy_setopt(h, CURLOPT_POST, 1L);
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
  const CURLcode code = curl_easy_perform(h);
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, nullptr);
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, nullptr);
  if (code != CURLE_OK) return failure(code, errors);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  if (status < 200 || status > 299) return {DeliveryOutcome::Result::failed, "HTTP " + std::to_string(status)};
  return {DeliveryOutcome::Result::sent, ""};
}

}  // namespace warpath::server::mail
