#include "server/api/account_routes.hpp"

#include <array>
#include <boost/asio/post.hpp>
#include <chrono>
#include <memory>

#include "server/accounts/accounts.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool secure_cookies(const ServerContext& context) { return context.public_url.starts_with("https://"); }

std::string_view header(const HttpRequest& request, std::string_view name) {
  const auto it = request.find(name);
  return it == request.end() ? std::string_view() : std::string_view(it->value());
}

json account_json(const storage::AccountRecord& a) {
  return {{"id", a.id}, {"name", a.name}, {"email", a.email.value_or("")}, {"email_verified", a.email_verified}};
}

// Answers with the account and a new session: its cookie, and the CSRF token for the page.
void start_session(ServerContext& context, const HttpRequest& request, const storage::AccountRecord& account,
                   http::status status, const Respond& respond) {
  auto session = accounts::new_session(unix_now());
  context.commits.submit(
      storage::AccountStore::create_session(session.id_hash, account.id, session.csrf_token, session.created_at,
                                            session.expires_at),
      [&context, request, account, session, status, respond](std::optional<std::string> error) {
        if (error) {
          log_error("session not stored: " + *error);
          return respond(error_response(request, ErrorCode::storage_error, "the session could not be stored"));
        }
        HttpResponse res =
            json_response(request, status, {{"account", account_json(account)}, {"csrf_token", session.csrf_token}});
        res.set(http::field::set_cookie, accounts::session_cookie_value(session.id, secure_cookies(context)));
        res.set(http::field::cache_control, "no-store");
        respond(std::move(res));
      });
}

// The string members `names` of the body, in that order, or nullopt after answering which one is
// missing or not a string.
template <std::size_t N>
std::optional<std::array<std::string, N>> text_members(const json& body, const char* const (&names)[N],
                                                       const HttpRequest& request, const Respond& respond) {
  std::array<std::string, N> out;
  for (std::size_t i = 0; i < N; ++i) {
    const json& value = body.contains(names[i]) ? body.at(names[i]) : json();
    if (!value.is_string()) {
      respond(error_response(request, ErrorCode::bad_message, std::string("'") + names[i] + "' must be a string"));
      return std::nullopt;
    }
    out[i] = value.get<std::string>();
  }
  return out;
}

void sign_up(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& peer,
             const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"name", "email", "password"}, request, respond);
  if (!fields) return;
  const auto& [name, email, password] = *fields;
  for (const auto& problem :
       {accounts::name_problem(name), accounts::email_problem(email), accounts::password_problem(password, name)})
    if (problem) return respond(error_response(request, ErrorCode::bad_message, *problem));
  if (auto wait = context.sign_ups.refuse(peer.to_string()))
    return respond(rate_limited_response(context, request, *wait, "sign-ups from this address"));
  boost::asio::post(context.slow_work, [&context, request, respond, name = name, email = email, password = password] {
    std::string hash;
    try {
      hash = hash_password(password);
    } catch (const std::exception& e) {
      log_error(std::string("password hash failed: ") + e.what());
      return respond(error_response(request, ErrorCode::overloaded, "the server is too busy; try again"));
    }
    auto created = std::make_shared<storage::AccountCreation>();
    context.commits.submit(
        storage::AccountStore::create_account({name, email, hash}, utc_now_iso8601(), created),
        [&context, request, respond, created](std::optional<std::string> error) {
          if (error)
            return respond(error_response(request, ErrorCode::storage_error, "the account could not be stored"));
          if (created->name_taken) return respond(error_response(request, ErrorCode::name_taken, "that name is taken"));
          if (created->email_taken)
            return respond(error_response(request, ErrorCode::email_taken, "that e-mail address has an account"));
          const auto account = context.accounts.account(created->id);
          if (!account)
            return respond(error_response(request, ErrorCode::internal_error, "the new account is missing"));
          start_session(context, request, *account, http::status::created, respond);
        });
  });
}

// A hash of no one's password: a log-in for an unknown name costs the same time as a wrong password.
const std::string& stand_in_hash() {
  static const std::string hash = hash_password(new_token(16));
  return hash;
}

void log_in(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& peer,
            const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"login", "password"}, request, respond);
  if (!fields) return;
  const auto& [login, password] = *fields;
  if (password.size() > accounts::max_password_bytes)
    return respond(error_response(request, ErrorCode::bad_credentials, "wrong name, e-mail address or password"));
  if (auto wait = context.log_ins_by_address.refuse(peer.to_string()))
    return respond(rate_limited_response(context, request, *wait, "log-in attempts from this address"));
  if (auto wait = context.log_ins_by_login.refuse(storage::normalized_email(login)))
    return respond(rate_limited_response(context, request, *wait, "log-in attempts for this account"));
  boost::asio::post(context.slow_work, [&context, request, respond, login = login, password = password] {
    const auto account = context.accounts.account_by_login(login);
    const bool right = verify_password(account ? account->password_hash : stand_in_hash(), password) && account;
    if (!right)
      return respond(error_response(request, ErrorCode::bad_credentials, "wrong name, e-mail address or password"));
    if (password_needs_rehash(account->password_hash))
      context.commits.submit(storage::AccountStore::set_password(account->id, hash_password(password)),
                             [](std::optional<std::string>) {});
    start_session(context, request, *account, http::status::ok, respond);
  });
}

}  // namespace

std::optional<storage::SessionRecord> request_session(ServerContext& context, const HttpRequest& request) {
  const auto id = accounts::session_id_from(header(request, "Cookie"));
  if (!id) return std::nullopt;
  const std::string hash = sha256_hex(*id);
  const auto now = unix_now();
  auto session = context.accounts.session(hash, now);
  if (session && accounts::needs_renewal(*session, now))
    context.commits.submit(storage::AccountStore::renew_session(hash, now + accounts::session_lifetime_seconds),
                           [](std::optional<std::string> error) {
                             if (error) log_warn("session not renewed: " + *error);
                           });
  return session;
}

bool account_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                    const boost::asio::ip::address& peer, const Respond& respond) {
  const bool sign_up_route = target == "/api/accounts", session_route = target == "/api/session",
             all_sessions_route = target == "/api/sessions";
  if (!sign_up_route && !session_route && !all_sessions_route) return false;
  if (sign_up_route) {
    if (!takes(request, {http::verb::post}, respond)) return true;
  } else if (session_route) {
    if (!takes(request, {http::verb::get, http::verb::post, http::verb::delete_}, respond)) return true;
  } else if (!takes(request, {http::verb::delete_}, respond)) {
    return true;
  }
  // No session yet to carry a CSRF token: a browser's page must be one of ours (login CSRF).
  const bool anonymous = sign_up_route || (session_route && request.method() == http::verb::post);
  if (anonymous) {
    if (!origin_allowed(context, request)) {
      context.metrics.refused(protocol::to_string(ErrorCode::csrf_failed));
      respond(error_response(request, ErrorCode::csrf_failed, "pages of this origin may not sign up or log in here"));
    } else if (sign_up_route) {
      sign_up(context, request, peer, respond);
    } else {
      log_in(context, request, peer, respond);
    }
    return true;
  }
  const auto session = request_session(context, request);
  if (!session) {
    respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
    return true;
  }
  if (request.method() == http::verb::get || request.method() == http::verb::head) {
    const auto account = context.accounts.account(session->account);
    if (!account) {
      respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
      return true;
    }
    HttpResponse res = json_response(request, http::status::ok,
                                     {{"account", account_json(*account)}, {"csrf_token", session->csrf_token}});
    res.set(http::field::cache_control, "no-store");
    respond(std::move(res));
    return true;
  }
  if (!accounts::csrf_matches(*session, header(request, "X-CSRF-Token"))) {
    context.metrics.refused(protocol::to_string(ErrorCode::csrf_failed));
    respond(error_response(request, ErrorCode::csrf_failed, "send the session's CSRF token in X-CSRF-Token"));
    return true;
  }
  auto work = all_sessions_route ? storage::AccountStore::delete_sessions(session->account)
                                 : storage::AccountStore::delete_session(session->id_hash);
  context.commits.submit(std::move(work), [&context, request, respond](std::optional<std::string> error) {
    if (error) return respond(error_response(request, ErrorCode::storage_error, "the log-out could not be stored"));
    HttpResponse res = json_response(request, http::status::ok, {{"logged_out", true}});
    res.set(http::field::set_cookie, accounts::cleared_session_cookie_value(secure_cookies(context)));
    respond(std::move(res));
  });
  return true;
}

}  // namespace warpath::server
