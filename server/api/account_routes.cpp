#include "server/api/account_routes.hpp"

#include <array>
#include <boost/asio/post.hpp>
#include <chrono>
#include <memory>

#include "server/accounts/accounts.hpp"
#include "server/api/clock_routes.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

bool secure_cookies(const ServerContext& context) { return context.public_url.starts_with("https://"); }

std::string_view header(const HttpRequest& request, std::string_view name) {
  const auto it = request.find(name);
  return it == request.end() ? std::string_view() : std::string_view(it->value());
}

json account_json(const storage::AccountRecord& a) {
  return {{"id", a.id},
          {"name", a.name},
          {"email", a.email.value_or("")},
          {"email_verified", a.email_verified},
          {"webhook", a.webhook ? json(*a.webhook) : json()},
          {"webhook_paused", a.webhook_paused},
          {"organiser", a.organiser}};
}

// Answers with the account and a new session: its cookie, and the CSRF token for the page.
void start_session(ServerContext& context, const HttpRequest& request, const storage::AccountRecord& account,
                   http::status status, const Respond& respond) {
  auto session = accounts::new_session(unix_now_seconds());
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

constexpr std::int64_t link_lifetime_seconds = 30 * 60;

// A new one-time link for the account and its mail, queued in one transaction.
struct LinkAndMail {
  std::string token;
  storage::NewLink link;
  storage::OutgoingMail mail;
};

LinkAndMail new_link(const ServerContext& context, const HttpRequest& request, storage::AccountId account,
                     const std::string& name, storage::LinkPurpose purpose, const std::string& email) {
  LinkAndMail out;
  out.token = new_token(32);
  const auto now = unix_now_seconds();
  out.link = {sha256_hex(out.token), account, purpose, email, now, now + link_lifetime_seconds};
  const std::string url = origin_of(context, request) + "/account.html#" +
                          (purpose == storage::LinkPurpose::verify ? "verify=" : "reset=") + out.token;
  out.mail.account = account;
  out.mail.to = storage::normalized_email(email);
  if (purpose == storage::LinkPurpose::verify) {
    out.mail.subject = "Warpath: confirm your e-mail address";
    out.mail.text = "Hello " + name + ",\n\nopen this link to confirm that this address is yours:\n\n" + url +
                    "\n\nThe link works once, for 30 minutes. If you did not sign up on Warpath, ignore this mail.\n";
  } else {
    out.mail.subject = "Warpath: set a new password";
    out.mail.text = "Hello " + name +
                    ",\n\nsomeone (we hope you) asked to set a new password for your "
                    "Warpath account. Open this link to choose one:\n\n" +
                    url +
                    "\n\nThe link works once, for 30 minutes. If you did not ask, ignore this mail: your password "
                    "stays as it is.\n";
  }
  return out;
}

void sign_up(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
             const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"name", "email", "password"}, request, respond);
  if (!fields) return;
  const auto& [name, email, password] = *fields;
  for (const auto& problem :
       {accounts::name_problem(name), accounts::email_problem(email), accounts::password_problem(password, name)})
    if (problem) return respond(error_response(request, ErrorCode::bad_message, *problem));
  if (auto wait = context.sign_ups.refuse(client.to_string()))
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
    // The account and its verification link and mail: one transaction.
    auto made = new_link(context, request, 0, name, storage::LinkPurpose::verify, email);
    auto work = [create = storage::AccountStore::create_account({name, email, hash}, utc_now_iso8601(), created), made,
                 created](storage::WriteContext& w) {
      create(w);
      if (created->id == 0) return;
      auto link = made.link;
      auto mail = made.mail;
      link.account = created->id;
      mail.account = created->id;
      storage::AccountStore::create_link(std::move(link), std::move(mail))(w);
    };
    context.commits.submit(std::move(work), [&context, request, respond, created](std::optional<std::string> error) {
      wake_outbox(context);
      if (error) return respond(error_response(request, ErrorCode::storage_error, "the account could not be stored"));
      if (created->name_taken) return respond(error_response(request, ErrorCode::name_taken, "that name is taken"));
      if (created->email_taken)
        return respond(error_response(request, ErrorCode::email_taken, "that e-mail address has an account"));
      const auto account = context.accounts.account(created->id);
      if (!account) return respond(error_response(request, ErrorCode::internal_error, "the new account is missing"));
      start_session(context, request, *account, http::status::created, respond);
    });
  });
}

// A hash of no one's password: a log-in for an unknown name costs the same time as a wrong password.
const std::string& stand_in_hash() {
  static const std::string hash = hash_password(new_token(16));
  return hash;
}

void log_in(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
            const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"login", "password"}, request, respond);
  if (!fields) return;
  const auto& [login, password] = *fields;
  if (password.size() > accounts::max_password_bytes)
    return respond(error_response(request, ErrorCode::bad_credentials, "wrong name, e-mail address or password"));
  if (auto wait = context.log_ins_by_address.refuse(client.to_string()))
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

void submit_then(ServerContext& context, storage::CommitQueue::Work work, const HttpRequest& request,
                 const Respond& respond, std::function<void()> then) {
  context.commits.submit(std::move(work), [&context, request, respond, then](std::optional<std::string> error) {
    if (error) {
      log_error("account change not stored: " + *error);
      return respond(error_response(request, ErrorCode::storage_error, "the change could not be stored"));
    }
    wake_outbox(context);
    then();
  });
}

HttpResponse account_answer(const HttpRequest& request, const storage::AccountRecord& account,
                            http::status status = http::status::ok) {
  HttpResponse res = json_response(request, status, {{"account", account_json(account)}});
  res.set(http::field::cache_control, "no-store");
  return res;
}

// The handlers below get the request's live session (null for the anonymous routes).
using Session = const storage::SessionRecord*;

void get_session(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                 const Respond& respond, Session session) {
  const auto account = context.accounts.account(session->account);
  if (!account) return respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
  HttpResponse res = json_response(request, http::status::ok,
                                   {{"account", account_json(*account)}, {"csrf_token", session->csrf_token}});
  res.set(http::field::cache_control, "no-store");
  respond(std::move(res));
}

void log_out(ServerContext& context, const HttpRequest& request, bool everywhere, const Respond& respond,
             Session session) {
  auto work = everywhere ? storage::AccountStore::delete_sessions(session->account)
                         : storage::AccountStore::delete_session(session->id_hash);
  submit_then(context, std::move(work), request, respond, [&context, request, respond] {
    HttpResponse res = json_response(request, http::status::ok, {{"logged_out", true}});
    res.set(http::field::set_cookie, accounts::cleared_session_cookie_value(secure_cookies(context)));
    respond(std::move(res));
  });
}

void resend_verification(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                         const Respond& respond, Session session) {
  const auto account = context.accounts.account(session->account);
  if (!account || !account->email) return respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
  if (account->email_verified)
    return respond(json_response(request, http::status::ok, {{"account", account_json(*account)}}));
  if (auto wait = context.verification_mails.refuse(account->id))
    return respond(rate_limited_response(context, request, *wait, "verification mails for this account"));
  auto made = new_link(context, request, account->id, account->name, storage::LinkPurpose::verify, *account->email);
  submit_then(context, storage::AccountStore::create_link(made.link, made.mail), request, respond, [request, respond] {
    respond(json_response(request, http::status::accepted, {{"sent", true}}));
  });
}

void verify_email(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                  const Respond& respond, Session) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"token"}, request, respond);
  if (!fields) return;
  auto used = std::make_shared<storage::LinkUse>();
  submit_then(context,
              storage::AccountStore::use_link(sha256_hex((*fields)[0]), storage::LinkPurpose::verify,
                                              unix_now_seconds(), {}, used),
              request, respond, [&context, request, respond, used] {
                const auto account = used->account ? context.accounts.account(*used->account) : std::nullopt;
                if (!account)
                  return respond(error_response(request, ErrorCode::bad_link,
                                                "this link is unknown, used already or expired; ask for a new one"));
                respond(account_answer(request, *account));
              });
}

void request_password_reset(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
                            const Respond& respond, Session) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"login"}, request, respond);
  if (!fields) return;
  const std::string& login = (*fields)[0];
  if (auto wait = context.password_resets_by_address.refuse(client.to_string()))
    return respond(rate_limited_response(context, request, *wait, "password resets asked from this address"));
  if (auto wait = context.password_resets_by_login.refuse(storage::normalized_email(login)))
    return respond(rate_limited_response(context, request, *wait, "password resets asked for this account"));
  const json answer = {{"sent", "if an account has that name or address, a link is on its way to its address"}};
  const auto account = context.accounts.account_by_login(login);
  if (!account || !account->email) return respond(json_response(request, http::status::accepted, answer));
  auto made = new_link(context, request, account->id, account->name, storage::LinkPurpose::reset, *account->email);
  submit_then(context, storage::AccountStore::create_link(made.link, made.mail), request, respond,
              [request, respond, answer] { respond(json_response(request, http::status::accepted, answer)); });
}

void complete_password_reset(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                             const Respond& respond, Session) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto fields = text_members(*body, {"token", "password"}, request, respond);
  if (!fields) return;
  const auto& [token, password] = *fields;
  if (auto problem = accounts::password_problem(password, ""))
    return respond(error_response(request, ErrorCode::bad_message, *problem));
  boost::asio::post(context.slow_work, [&context, request, respond, token = token, password = password] {
    auto used = std::make_shared<storage::LinkUse>();
    submit_then(context,
                storage::AccountStore::use_link(sha256_hex(token), storage::LinkPurpose::reset, unix_now_seconds(),
                                                hash_password(password), used),
                request, respond, [request, respond, used] {
                  if (!used->account)
                    return respond(error_response(request, ErrorCode::bad_link,
                                                  "this link is unknown, used already or expired; ask for a new one"));
                  respond(json_response(request, http::status::ok, {{"password_changed", true}}));
                });
  });
}

// Runs `then` on the slow-work pool once the session's account has proved its current password.
void with_password(ServerContext& context, const HttpRequest& request, const Respond& respond, Session session,
                   const json& body, std::function<void(const storage::AccountRecord&)> then) {
  const json& given = body.contains("password") ? body.at("password") : json();
  if (!given.is_string())
    return respond(error_response(request, ErrorCode::bad_message, "'password' (the current one) must be a string"));
  boost::asio::post(context.slow_work, [&context, request, respond, account_id = session->account,
                                        password = given.get<std::string>(), then] {
    const auto account = context.accounts.account(account_id);
    if (!account || !verify_password(account->password_hash, password))
      return respond(error_response(request, ErrorCode::bad_credentials, "wrong password"));
    then(*account);
  });
}

void change_account(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                    const Respond& respond, Session session) {
  const auto body = json_body(request, respond);
  if (!body) return;
  std::optional<std::string> new_email, new_password;
  for (auto [name, out] : {std::pair{"new_email", &new_email}, std::pair{"new_password", &new_password}}) {
    if (!body->contains(name) || body->at(name).is_null()) continue;
    if (!body->at(name).is_string())
      return respond(error_response(request, ErrorCode::bad_message, std::string("'") + name + "' must be a string"));
    *out = body->at(name).get<std::string>();
  }
  if (!new_email && !new_password)
    return respond(error_response(request, ErrorCode::bad_message, "send 'new_email', 'new_password' or both"));
  if (new_email)
    if (auto problem = accounts::email_problem(*new_email))
      return respond(error_response(request, ErrorCode::bad_message, *problem));
  with_password(
      context, request, respond, session, *body,
      [&context, request, respond, new_email, new_password,
       keep = session->id_hash](const storage::AccountRecord& account) {
        if (new_password)
          if (auto problem = accounts::password_problem(*new_password, account.name))
            return respond(error_response(request, ErrorCode::bad_message, *problem));
        auto taken = std::make_shared<storage::EmailChange>();
        std::vector<storage::CommitQueue::Work> works;
        if (new_password) {
          works.push_back(storage::AccountStore::set_password(account.id, hash_password(*new_password)));
          works.push_back(storage::AccountStore::delete_other_sessions(account.id, keep));
        }
        if (new_email && storage::normalized_email(*new_email) != account.email.value_or("")) {
          auto made = new_link(context, request, account.id, account.name, storage::LinkPurpose::verify, *new_email);
          works.push_back(storage::AccountStore::change_email(account.id, *new_email, made.link, made.mail, taken));
        }
        // One transaction: a taken address changes nothing at all.
        auto work = [works = std::move(works), taken](storage::WriteContext& w) {
          for (const auto& step : works) {
            step(w);
            if (taken->email_taken) throw storage::DatabaseError("email_taken");
          }
        };
        context.commits.submit(
            std::move(work), [&context, request, respond, taken, id = account.id](std::optional<std::string> error) {
              if (taken->email_taken)
                return respond(error_response(request, ErrorCode::email_taken, "that e-mail address has an account"));
              if (error)
                return respond(error_response(request, ErrorCode::storage_error, "the change could not be stored"));
              wake_outbox(context);
              const auto changed = context.accounts.account(id);
              if (!changed) return respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
              respond(account_answer(request, *changed));
            });
      });
}

void delete_account(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                    const Respond& respond, Session session) {
  const auto body = json_body(request, respond);
  if (!body) return;
  with_password(
      context, request, respond, session, *body, [&context, request, respond](const storage::AccountRecord& account) {
        submit_then(context, storage::AccountStore::delete_account(account.id, utc_now_iso8601()), request, respond,
                    [&context, request, respond] {
                      HttpResponse res = json_response(request, http::status::ok, {{"deleted", true}});
                      res.set(http::field::set_cookie, accounts::cleared_session_cookie_value(secure_cookies(context)));
                      respond(std::move(res));
                    });
      });
}

void set_webhook(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                 const Respond& respond, Session session) {
  storage::CommitQueue::Work work;
  if (request.method() == http::verb::put) {
    const auto body = json_body(request, respond);
    if (!body) return;
    const auto fields = text_members(*body, {"url"}, request, respond);
    if (!fields) return;
    const std::string& url = (*fields)[0];
    if ((!url.starts_with("https://") && !url.starts_with("http://")) || url.size() > 2000 ||
        url.find_first_of(" \r\n\t") != std::string::npos)
      return respond(error_response(request, ErrorCode::bad_message, "'url' must be an http(s):// URL"));
    work = storage::set_webhook(session->account, url, unix_now_seconds());
  } else {
    work = storage::delete_webhook(session->account);
  }
  submit_then(context, std::move(work), request, respond, [&context, request, respond, id = session->account] {
    const auto account = context.accounts.account(id);
    if (!account) return respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
    respond(account_answer(request, *account));
  });
}

// The account's notification settings (GET), or a change of some of them (PUT): a document of the
// same shape naming only what changes. A refused document changes nothing (400 bad_setting with
// the member at fault).
void notification_settings(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address&,
                           const Respond& respond, Session session) {
  if (!context.notifications)
    return respond(error_response(request, ErrorCode::internal_error, "notifications are not served here"));
  const auto answer = [&context, request, respond, id = session->account] {
    json body = context.notifications->settings(id).to_json();
    body["waiting_in_digest"] = context.notifications->count_digest_items(id);
    HttpResponse res = json_response(request, http::status::ok, body);
    res.set(http::field::cache_control, "no-store");
    respond(std::move(res));
  };
  if (request.method() == http::verb::get) return answer();
  const auto body = json_body(request, respond);
  if (!body) return;
  auto settings = context.notifications->settings(session->account);
  if (auto error = storage::apply_settings_json(settings, *body)) {
    context.metrics.refused(protocol::to_string(ErrorCode::bad_setting));
    return respond(error_response(request, ErrorCode::bad_setting, error->message, {{"field", error->field}}));
  }
  submit_then(context, storage::save_notification_settings(session->account, std::move(settings), unix_now_seconds()),
              request, respond, answer);
}

// Who may call a route: anyone (no session yet: the Origin must be ours, against login CSRF), or a
// session (and, for a request that changes something, its CSRF token).
enum class Caller { anonymous, session };

struct AccountRoute {
  std::string_view target;
  http::verb method;
  Caller caller;
  std::function<void(ServerContext&, const HttpRequest&, const boost::asio::ip::address&, const Respond&, Session)>
      handle;
};

// A route of the session's account that needs nothing else of the session.
template <typename F>
auto for_account(F handler) {
  return [handler](ServerContext& c, const HttpRequest& r, const boost::asio::ip::address&, const Respond& d,
                   Session s) { handler(c, r, s->account, d); };
}

const std::vector<AccountRoute>& account_route_table() {
  static const std::vector<AccountRoute> table = {
      {"/api/accounts", http::verb::post, Caller::anonymous,
       [](ServerContext& c, const HttpRequest& r, const boost::asio::ip::address& p, const Respond& d, Session) {
         sign_up(c, r, p, d);
       }},
      {"/api/session", http::verb::post, Caller::anonymous,
       [](ServerContext& c, const HttpRequest& r, const boost::asio::ip::address& p, const Respond& d, Session) {
         log_in(c, r, p, d);
       }},
      {"/api/session", http::verb::get, Caller::session, get_session},
      {"/api/session", http::verb::delete_, Caller::session,
       [](ServerContext& c, const HttpRequest& r, const boost::asio::ip::address&, const Respond& d, Session s) {
         log_out(c, r, false, d, s);
       }},
      {"/api/sessions", http::verb::delete_, Caller::session,
       [](ServerContext& c, const HttpRequest& r, const boost::asio::ip::address&, const Respond& d, Session s) {
         log_out(c, r, true, d, s);
       }},
      {"/api/account", http::verb::patch, Caller::session, change_account},
      {"/api/account", http::verb::delete_, Caller::session, delete_account},
      {"/api/account/verification", http::verb::post, Caller::session, resend_verification},
      {"/api/account/verify", http::verb::post, Caller::anonymous, verify_email},
      {"/api/account/webhook", http::verb::put, Caller::session, set_webhook},
      {"/api/account/webhook", http::verb::delete_, Caller::session, set_webhook},
      {"/api/account/time-off", http::verb::get, Caller::session, for_account(time_off_route)},
      {"/api/account/time-off", http::verb::patch, Caller::session, for_account(set_time_off_route)},
      {"/api/account/vacations", http::verb::post, Caller::session, for_account(take_vacation_route)},
      {"/api/account/vacations/end", http::verb::post, Caller::session, for_account(end_vacation_route)},
      {"/api/account/notifications", http::verb::get, Caller::session, notification_settings},
      {"/api/account/notifications", http::verb::put, Caller::session, notification_settings},
      {"/api/password-reset", http::verb::post, Caller::anonymous, request_password_reset},
      {"/api/password-reset/complete", http::verb::post, Caller::anonymous, complete_password_reset},
  };
  return table;
}

}  // namespace

std::optional<storage::SessionRecord> request_session(ServerContext& context, const HttpRequest& request) {
  const auto id = accounts::session_id_from(header(request, "Cookie"));
  if (!id) return std::nullopt;
  const std::string hash = sha256_hex(*id);
  const auto now = unix_now_seconds();
  auto session = context.accounts.session(hash, now);
  if (session && accounts::needs_renewal(*session, now))
    context.commits.submit(storage::AccountStore::renew_session(hash, now + accounts::session_lifetime_seconds),
                           [](std::optional<std::string> error) {
                             if (error) log_warn("session not renewed: " + *error);
                           });
  return session;
}

bool account_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                    const boost::asio::ip::address& client, const Respond& respond) {
  std::vector<const AccountRoute*> here;
  for (const auto& route : account_route_table())
    if (route.target == target) here.push_back(&route);
  if (here.empty()) return false;
  std::vector<http::verb> methods;
  for (const auto* r : here) methods.push_back(r->method);
  const auto taken = taken_method(request, methods, respond);
  if (!taken) return true;
  const AccountRoute& route = *here[*taken];
  if (route.caller == Caller::anonymous) {
    if (!origin_allowed(context, request)) {
      context.metrics.refused(protocol::to_string(ErrorCode::csrf_failed));
      respond(error_response(request, ErrorCode::csrf_failed, "pages of this origin may not do this here"));
    } else {
      route.handle(context, request, client, respond, nullptr);
    }
    return true;
  }
  const auto session = checked_session(context, request, respond);
  if (session) route.handle(context, request, client, respond, &*session);
  return true;
}

std::optional<storage::SessionRecord> checked_session(ServerContext& context, const HttpRequest& request,
                                                      const Respond& respond) {
  auto session = request_session(context, request);
  if (!session) {
    respond(error_response(request, ErrorCode::not_logged_in, "log in first"));
    return std::nullopt;
  }
  const bool changes = request.method() != http::verb::get && request.method() != http::verb::head;
  if (changes && !accounts::csrf_matches(*session, header(request, "X-CSRF-Token"))) {
    context.metrics.refused(protocol::to_string(ErrorCode::csrf_failed));
    respond(error_response(request, ErrorCode::csrf_failed, "send the session's CSRF token in X-CSRF-Token"));
    return std::nullopt;
  }
  return session;
}

void wake_outbox(ServerContext& context) {
  if (context.outbox) context.outbox->queued();
}

}  // namespace warpath::server
