#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "server/api/game_creation.hpp"
#include "server/api/lobby_routes.hpp"
#include "server/api/tournament_director.hpp"
#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"
#include "server/clocks/clock_scheduler.hpp"
#include "server/mail/outbox_sender.hpp"
#include "server/net/listener.hpp"
#include "server/ratings/rating_service.hpp"
#include "server/storage/cluster_events.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::app {

namespace asio = boost::asio;
using namespace warpath::server;

namespace {

struct ServeConfig {
  unsigned short port;
  std::string bind;
  std::string db;
  int threads;
  std::string web_root;
  std::uint64_t snapshot_every;
  bool demo;
  std::string public_url;
  Limits limits;
  mail::OutboxSettings outbox;
  // Several nodes on one database: this node's name and how long its game leases last. Empty: the only
  // node, which takes no leases (SQLite; nodes sharing one SQLite file need names too).
  std::string node_id;
  // The longest a dead node's games wait before another node may take them; with the time to load
  // them there, failover stays within 15 s on a busy machine (scripts.failover).
  std::chrono::milliseconds lease_ttl{8000};
  // Proxies whose X-Forwarded-For / X-Real-IP are believed (server/net/client_address.hpp).
  TrustedProxies trusted_proxies;
};

// The limits given as counts: flag, environment variable, field (each at least 1).
struct CountLimit {
  const char* flag;
  const char* env;
  std::size_t Limits::*field;
};
constexpr CountLimit count_limits[] = {
    {"outbox-bytes", "WARPATH_OUTBOX_BYTES", &Limits::outbox_bytes},
    {"outbox-frames", "WARPATH_OUTBOX_FRAMES", &Limits::outbox_frames},
    {"max-connections", "WARPATH_MAX_CONNECTIONS", &Limits::max_connections},
    {"max-connections-per-ip", "WARPATH_MAX_CONNECTIONS_PER_IP", &Limits::max_connections_per_ip},
    {"games-per-connection", "WARPATH_GAMES_PER_CONNECTION", &Limits::games_per_connection},
    {"max-rooms", "WARPATH_MAX_ROOMS", &Limits::max_rooms},
    {"games-per-ip-per-minute", "WARPATH_GAMES_PER_IP_PER_MINUTE", &Limits::games_per_ip_per_minute},
    {"chat-per-connection-per-minute", "WARPATH_CHAT_PER_CONNECTION_PER_MINUTE",
     &Limits::chat_per_connection_per_minute},
    {"chat-per-game-per-minute", "WARPATH_CHAT_PER_GAME_PER_MINUTE", &Limits::chat_per_game_per_minute},
    {"sign-ups-per-ip-per-minute", "WARPATH_SIGN_UPS_PER_IP_PER_MINUTE", &Limits::sign_ups_per_ip_per_minute},
    {"log-ins-per-ip-per-minute", "WARPATH_LOG_INS_PER_IP_PER_MINUTE", &Limits::log_ins_per_ip_per_minute},
    {"log-ins-per-login-per-minute", "WARPATH_LOG_INS_PER_LOGIN_PER_MINUTE", &Limits::log_ins_per_login_per_minute},
    {"chat-lines-per-game", "WARPATH_CHAT_LINES_PER_GAME", &Limits::chat_lines_per_game},
    {"password-resets-per-ip-per-minute", "WARPATH_PASSWORD_RESETS_PER_IP_PER_MINUTE",
     &Limits::password_resets_per_ip_per_minute},
    {"password-resets-per-login-per-hour", "WARPATH_PASSWORD_RESETS_PER_LOGIN_PER_HOUR",
     &Limits::password_resets_per_login_per_hour},
    {"lobby-games-per-account-per-hour", "WARPATH_LOBBY_GAMES_PER_ACCOUNT_PER_HOUR",
     &Limits::lobby_games_per_account_per_hour},
    {"invitations-per-account-per-hour", "WARPATH_INVITATIONS_PER_ACCOUNT_PER_HOUR",
     &Limits::invitations_per_account_per_hour},
};

Limits read_limits(const Args& args) {
  Limits limits;
  for (const auto& limit : count_limits) {
    const auto value = args.get_int(limit.flag, limit.env, static_cast<long long>(limits.*limit.field));
    if (value < 1) throw std::invalid_argument(std::string("--") + limit.flag + " must be at least 1");
    limits.*limit.field = static_cast<std::size_t>(value);
  }
  const auto timeout = args.get_int("unjoined-timeout", "WARPATH_UNJOINED_TIMEOUT", limits.unjoined_timeout.count());
  if (timeout < 1) throw std::invalid_argument("--unjoined-timeout must be at least 1");
  limits.unjoined_timeout = std::chrono::seconds(timeout);
  std::stringstream origins(args.get("allowed-origins", "WARPATH_ALLOWED_ORIGINS", ""));
  for (std::string origin; std::getline(origins, origin, ',');) {
    origin.erase(0, origin.find_first_not_of(' '));
    while (!origin.empty() && (origin.back() == '/' || origin.back() == ' ')) origin.pop_back();
    if (!origin.empty()) limits.allowed_origins.push_back(origin);
  }
  return limits;
}

// The outbox: the SMTP relay (none: .eml files in the mail directory), the sender's address and
// the retry schedule's base (shortened by tests). The relay's password only from the environment,
// where `ps` does not show it.
mail::OutboxSettings read_outbox_settings(const Args& args, const std::string& db) {
  mail::OutboxSettings s;
  s.relay.url = args.get("smtp-url", "WARPATH_SMTP_URL", "");
  if (!s.relay.url.empty() && s.relay.url.rfind("smtp://", 0) != 0 && s.relay.url.rfind("smtps://", 0) != 0)
    throw std::invalid_argument("--smtp-url must start with smtp:// or smtps://");
  s.relay.user = args.get("smtp-user", "WARPATH_SMTP_USER", "");
  if (const char* password = std::getenv("WARPATH_SMTP_PASSWORD")) s.relay.password = password;
  s.mail_from = args.get("mail-from", "WARPATH_MAIL_FROM", s.mail_from);
  mail::parse_mailbox(s.mail_from);  // refused now rather than when the first mail is sent
  // Beside an SQLite file; a node on PostgreSQL keeps its own under var/.
  const auto beside_db = storage::is_postgresql_location(db) ? std::filesystem::path("var/mail")
                                                             : std::filesystem::path(db).parent_path() / "mail";
  s.mail_dir = args.get("mail-dir", "WARPATH_MAIL_DIR", beside_db.string());
  const auto base = args.get_int("outbox-retry-base-ms", "WARPATH_OUTBOX_RETRY_BASE_MS", s.retry.base.count());
  if (base < 1) throw std::invalid_argument("--outbox-retry-base-ms must be at least 1");
  s.retry.base = std::chrono::milliseconds(base);
  return s;
}

ServeConfig read_config(const std::vector<std::string>& argv) {
  Args args(argv, {"no-demo"});
  std::set<std::string> known = {
      "port",           "bind",           "db",         "threads",          "log-level",       "web",
      "snapshot-every", "no-demo",        "public-url", "unjoined-timeout", "allowed-origins", "node-id",
      "lease-ttl-ms",   "trusted-proxies"};
  for (const auto& limit : count_limits) known.insert(limit.flag);
  known.insert({"smtp-url", "smtp-user", "mail-from", "mail-dir", "outbox-retry-base-ms", "test-clock"});
  args.only(known);
  ServeConfig c;
  c.limits = read_limits(args);
  const auto port = args.get_int("port", "WARPATH_PORT", 8080);
  if (port < 0 || port > 65535) throw std::invalid_argument("--port must be 0..65535");
  c.port = static_cast<unsigned short>(port);
  c.bind = args.get("bind", "WARPATH_BIND", "0.0.0.0");
  c.db = args.get("db", "WARPATH_DB", "var/warpath.db");
  c.outbox = read_outbox_settings(args, c.db);
  c.node_id = args.get("node-id", "WARPATH_NODE_ID", "");
  if (storage::is_postgresql_location(c.db) && c.node_id.empty())
    throw std::invalid_argument("--node-id is required with a PostgreSQL database: each node needs a name of its own");
  const auto ttl = args.get_int("lease-ttl-ms", "WARPATH_LEASE_TTL_MS", c.lease_ttl.count());
  if (ttl < 300) throw std::invalid_argument("--lease-ttl-ms must be at least 300");
  c.lease_ttl = std::chrono::milliseconds(ttl);
  if (!c.node_id.empty()) c.outbox.node_id = c.node_id;  // whose claims on the outbox's messages
  // Network threads: a core each but one, which the writer thread (storage/commit_queue.hpp) and
  // the password hasher use. Threads sharing the io_context wake each other for every handler
  // they pass on; on two cores one thread serves a Wilderness War move in about a ninth less CPU
  // than two, and with a lower latency (docs/PERFORMANCE.md, "One network thread on two cores").
  const auto cores = static_cast<long long>(std::max(1u, std::thread::hardware_concurrency()));
  c.threads =
      static_cast<int>(std::clamp(args.get_int("threads", "WARPATH_THREADS", std::max(1LL, cores - 1)), 1LL, 256LL));
  c.web_root = args.get("web", "WARPATH_WEB_ROOT", "server/web");
  c.snapshot_every =
      static_cast<std::uint64_t>(std::max(1LL, args.get_int("snapshot-every", "WARPATH_SNAPSHOT_EVERY", 50)));
  c.demo = !args.has("no-demo");
  c.trusted_proxies = TrustedProxies::parse(args.get("trusted-proxies", "WARPATH_TRUSTED_PROXIES", ""));
  c.public_url = args.get("public-url", "WARPATH_PUBLIC_URL", "");
  while (!c.public_url.empty() && c.public_url.back() == '/') c.public_url.pop_back();
  set_log_level(parse_log_level(args.get("log-level", "WARPATH_LOG_LEVEL", "info")));
  // For tests of the clocks only: the server's "now" is read from this file (util/clock.hpp).
  if (auto clock = args.get("test-clock", "WARPATH_TEST_CLOCK", ""); !clock.empty()) use_test_clock(clock);
  return c;
}

// A handler that throws is a bug to log, not a reason to stop serving every other game.
void run_logging_exceptions(asio::io_context& ioc) {
  for (;;) {
    try {
      ioc.run();
      return;
    } catch (const std::exception& e) {
      log_error(std::string("a handler threw: ") + e.what());
    }
  }
}

// On a fresh database, one game to look at right away; its seat links are printed once.
void create_demo_game(ServerContext& context, const std::string& origin) {
  if (context.games.all().empty() || context.store.count_games() > 0) return;
  std::promise<CreationResult> created;
  create_game(context,
              {context.games.all().front()->info().title_id,
               {},
               nlohmann::json::object(),
               std::nullopt,
               std::nullopt,
               std::nullopt},
              [&](CreationResult r) { created.set_value(std::move(r)); });
  auto result = created.get_future().get();
  if (auto* error = std::get_if<RoomError>(&result)) {
    log_warn("demo game not created: " + error->message);
    return;
  }
  const auto links = seat_links(origin, std::get<CreatedGame>(result));
  std::cout << "demo game created; open a seat (these links are shown only once):\n";
  for (const auto& [seat, link] : links.items()) std::cout << "  " << seat << ": " << link.get<std::string>() << "\n";
}

// What this node does with each kind of event from another node (server/storage/cluster_events.hpp).
struct NodeEventHandlers {
  GameEvents& game_events;
  ratings::RatingService& ratings;
  mail::OutboxSender& outbox;
  RoomRegistry& rooms;

  void operator()(const storage::TimeoutDue& e) const { game_events.received(e); }
  void operator()(const storage::AdjudicationDue& e) const { game_events.received(e); }
  void operator()(const storage::ResignationDue& e) const { game_events.received(e); }
  void operator()(const storage::ClocksChanged& e) const { game_events.received(e); }
  void operator()(const storage::RatingsChanged&) const { ratings.catch_up(); }
  void operator()(const storage::OutboxQueued&) const { outbox.wake(); }
  // The listener (re)connected: what it may have missed while it did not listen.
  void maybe_missed() const {
    ratings.catch_up();
    outbox.wake();
    rooms.recheck_all();
  }
};

}  // namespace

int serve_command(const std::vector<std::string>& argv) {
  const ServeConfig config = read_config(argv);
  if (auto dir = std::filesystem::path(config.db).parent_path();
      !storage::is_postgresql_location(config.db) && !dir.empty())
    std::filesystem::create_directories(dir);
  const engine::GameRegistry games = make_game_registry();
  storage::CommitQueue commits(config.db);  // migrates the schema
  storage::GameStore store(config.db);
  // Before the io_context: connections whose handlers it destroys last give their slot back and
  // take themselves off the metrics (WsSession touches nothing else as it goes).
  Metrics metrics;
  ConnectionGate gate(config.limits);
  asio::io_context ioc(config.threads);
  // Its origin is known once the listener has its port, before any thread serves a room.
  notify::Site site;
  // Several nodes: each game is served by the node holding its lease.
  std::optional<storage::LeaseStore> leases;
  std::optional<ClusterNode> cluster;
  if (!config.node_id.empty()) {
    leases.emplace(config.db);
    if (const int released = leases->release_all(config.node_id))
      log_info("node " + config.node_id + ": gave up " + std::to_string(released) + " game lease(s) of its former run");
    cluster.emplace(ClusterNode{config.node_id, *leases, config.lease_ttl});
  }
  RoomRegistry rooms(ioc.get_executor(), RoomServices{games, store, commits, config.limits, metrics,
                                                      config.snapshot_every, &site, cluster ? &*cluster : nullptr});
  // Several nodes on PostgreSQL: what happens here that concerns another node's memory is told to
  // the others by LISTEN/NOTIFY (nodes sharing an SQLite file cannot).
  std::optional<storage::ClusterEvents> events;
  if (cluster && storage::is_postgresql_location(config.db)) events.emplace(config.db, config.node_id);
  GameEvents game_events(
      rooms, cluster ? &*cluster : nullptr,
      events ? GameEvents::Publish([&events](storage::ClusterEvent e) { events->publish(e); }) : GameEvents::Publish());
  storage::AccountStore accounts(config.db);
  storage::LobbyStore lobby(config.db);
  // Password hashes: one at a time (each takes ~64 MiB), off the network threads.
  asio::thread_pool slow_work(1);
  ServerContext context{games,         store,   commits, rooms,    game_events, config.web_root, config.public_url,
                        config.limits, metrics, gate,    accounts, lobby,       slow_work};
  context.trusted_proxies = config.trusted_proxies;
  // Mails and webhook calls: delivers what was left unsent at once, then what the server queues.
  mail::OutboxSender outbox(config.db, commits, config.outbox, metrics);
  context.outbox = &outbox;
  storage::NotificationStore notifications(config.db);
  context.notifications = &notifications;
  storage::NoteStore notes(config.db);
  context.notes = &notes;
  // Ratings: the book rebuilt from the games rated so far, before anyone asks.
  ratings::RatingService rating_service(config.db, commits, games);
  rating_service.load();
  context.ratings = &rating_service;
  storage::TournamentStore tournaments(config.db);
  context.tournaments = &tournaments;
  site.wake_outbox = [&outbox] { outbox.queued(); };
  if (events) {
    outbox.tell_others_with([&events] { events->publish(storage::OutboxQueued{}); });
    NodeEventHandlers handlers{game_events, rating_service, outbox, rooms};
    events->start([handlers](const storage::ClusterEvent& e) { std::visit(handlers, e); },
                  [handlers] { handlers.maybe_missed(); });
  }
  outbox.start();
  // Warnings, automatic vacation days and timeouts when nobody moves (started once the links'
  // origin is known).
  clocks::ClockScheduler clock_scheduler(config.db, commits, game_events, games, site);

  auto listener = std::make_shared<Listener>(
      ioc, asio::ip::tcp::endpoint(asio::ip::make_address(config.bind), config.port), context);
  listener->start();
  rooms.start_sweeping();

  const std::string host = config.bind == "0.0.0.0" ? "localhost" : config.bind;
  const std::string origin = "http://" + host + ":" + std::to_string(listener->port());
  const std::string link_origin = config.public_url.empty() ? origin : config.public_url;
  site.origin = link_origin;
  clock_scheduler.also_run([&context, &site] { work_bidding_deadlines(context, site.origin); });
  // Finished rated games, rated in the order they ended.
  clock_scheduler.also_run([&rating_service, &events] {
    try {
      // The other nodes' books follow once the ratings are committed.
      if (rating_service.work() > 0 && events) events->publish(storage::RatingsChanged{});
    } catch (const std::exception& e) {
      log_error(std::string("rating finished games: ") + e.what());
    }
  });
  clock_scheduler.also_run([&context, &site] { work_tournaments(context, site.origin); });
  if (cluster) clock_scheduler.one_node_of(*cluster);
  clock_scheduler.start();
  std::vector<std::thread> pool;
  for (int i = 1; i < config.threads; ++i) pool.emplace_back([&ioc] { run_logging_exceptions(ioc); });
  // The pool must be running: creating the demo game waits on the commit thread only, but a
  // slow disk should not keep connections waiting either.
  if (config.demo) create_demo_game(context, link_origin);
  std::cout << "warpath listening on " << origin << "/" << std::endl;
  log_info("serving " + std::to_string(games.all().size()) + " game module(s) with " + std::to_string(config.threads) +
           " thread(s), database " + storage::printable_location(config.db) +
           (config.node_id.empty() ? std::string() : ", node " + config.node_id));
  if (!config.trusted_proxies.empty())
    log_info("the client's address is taken from X-Forwarded-For / X-Real-IP of requests from " +
             config.trusted_proxies.to_string());

  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) {
    log_info("shutting down");
    listener->stop();
    rooms.stop_sweeping();
    ioc.stop();
  });
  run_logging_exceptions(ioc);
  for (auto& t : pool) t.join();
  slow_work.join();
  clock_scheduler.stop();
  if (events) events->stop();  // sends what the scheduler raised last
  outbox.stop();               // its outcomes go through the commit queue
  commits.stop();
  return 0;
}

}  // namespace warpath::app
