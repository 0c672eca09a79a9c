#pragma once
// The outbox's two ways out, both through libcurl: a mail handed to an SMTP relay (libcurl's SMTP
// client: STARTTLS when the relay offers it, full TLS for smtps:// URLs, AUTH when a user is
// set) and a webhook call (an HTTP POST of JSON). One client per sender thread; its handles keep
// their connections open between messages.

#include <array>
#include <chrono>
#include <functional>
#include <string>

namespace warpath::server::mail {

// The longest a mail's handover to the relay may take (connecting included) before it failed.
inline constexpr std::chrono::seconds smtp_timeout{60};

struct SmtpRelay {
  std::string url;  // smtp://host:port or smtps://host:port
  std::string user;
  std::string password;
};

struct DeliveryOutcome {
  enum class Result { sent, failed, interrupted };
  Result result = Result::failed;
  std::string error;  // why it failed (no URL path or credentials in it)
  bool sent() const { return result == Result::sent; }
};

class CurlClient {
 public:
  // `interrupted` is asked while a transfer runs; when it says yes, the transfer is abandoned
  // (the server is stopping) and the outcome is `interrupted`.
  explicit CurlClient(std::function<bool()> interrupted);
  ~CurlClient();
  CurlClient(const CurlClient&) = delete;
  CurlClient& operator=(const CurlClient&) = delete;

  // `message`: the whole RFC 5322 text with CRLF line ends (curl escapes leading dots).
  DeliveryOutcome send_mail(const SmtpRelay& relay, const std::string& envelope_from, const std::string& to,
                            const std::string& message);
  // 2xx: sent; anything else (or no answer within `timeout`) failed.
  DeliveryOutcome post_json(const std::string& url, const std::string& idempotency_key, const std::string& body,
                            std::chrono::seconds timeout);

 private:
  std::function<bool()> interrupted_;
  void* smtp_ = nullptr;  // CURL*
  void* http_ = nullptr;  // CURL*
  // curl's detailed error messages (CURL_ERROR_SIZE bytes), alive as long as the handles.
  std::array<char, 256> smtp_errors_{};
  std::array<char, 256> http_errors_{};
};

}  // namespace warpath::server::mail
