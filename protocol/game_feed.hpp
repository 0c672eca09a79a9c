#pragma once
// What the seats of one game receive, move after move (docs/PROTOCOL.md, "View" and "Log"). The
// view's public part is built, diffed, serialised and hashed once per move for every seat; each
// watched seat then adds its own part and the log lines the move added, and gets one patch frame
// that all of its connections share. The last patches of each seat are kept, so that a client
// that missed a few catches up without a snapshot. The log itself is not kept here: a move's new
// lines come with it (the change the room stores) or are read from the game state, which holds
// the newest lines.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "protocol/json_text.hpp"
#include "protocol/limits.hpp"
#include "protocol/server_message.hpp"

namespace warpath::protocol {

class GameFeed {
 public:
  GameFeed(GameId game, const engine::Match& match, std::vector<std::string> seats);

  struct Delivery {
    std::string seat;
    std::vector<Frame> frames;  // one patch, or (for a seat that could not be patched) a snapshot and its log
    bool patch = false;         // frames is one patch
  };
  // Brings the seats in `watched` to the match's version. Seats nobody watches fall behind and
  // are rebuilt when next asked for, without a patch history. `log`, when given, is what the move
  // did to the seats' logs as stored with it: its lines (its text, when every seat's log changed
  // alike) are sent as they are instead of being built again.
  std::vector<Delivery> advance(const engine::Match& match, const std::set<std::string>& watched,
                                const engine::MoveLog* log = nullptr);

  // The patches that bring a client of `seat` from version `from` to the match's; nullopt when
  // they are no longer kept (or `from` is not a version this feed produced): send a snapshot.
  std::optional<std::vector<Frame>> catch_up(const engine::Match& match, const std::string& seat, std::uint64_t from);
  // A snapshot of the seat's view and a log frame of its newest lines.
  std::vector<Frame> snapshot(const engine::Match& match, const std::string& seat);
  // Where lines older than the state holds come from (the room: the stored moves, through
  // engine::LogReader): the seat's lines [from, to) at the match's version, or the newest run of
  // them it has, and the index of that run's first line.
  using OlderLines =
      std::function<std::pair<std::size_t, nlohmann::json>(const std::string& seat, std::size_t from, std::size_t to)>;
  void set_older_lines(OlderLines source) { older_lines_ = std::move(source); }

  // The seat's log lines from `before - limit` up to `before` (both clipped to the log; a page
  // starts later when its older lines cannot be had: no source, or moves stored without them).
  Frame log_page(const engine::Match& match, const std::string& seat, std::size_t before, std::size_t limit,
                 std::string_view ref);

  // What an HTTP answer holds of the seat at the match's version.
  struct SeatView {
    std::uint64_t version = 0;
    nlohmann::json view;
    std::string hash;
    std::size_t log_size = 0;
  };
  SeatView seat_view(const engine::Match& match, const std::string& seat);
  // The same as HTTP's log answer: {game, seat, version, from, lines, log_size}.
  nlohmann::json log_json(const engine::Match& match, const std::string& seat, std::size_t before, std::size_t limit);

  const std::vector<std::string>& seat_keys() const { return seat_keys_; }
  // Bytes of the frames kept for catching up, over all seats.
  std::size_t kept_bytes() const;

 private:
  // The public part member by member, each with its serialisation and hash, so that a move
  // re-serialises, diffs and hashes only the members it changed (the part's hash is the sum of
  // its members': engine::member_hash). public_text() assembles the whole text for a snapshot.
  struct Member {
    std::string text;        // its value's serialisation, without spare capacity
    std::uint64_t hash = 0;  // engine::member_hash of its name and text
    // The value itself when it is short and structured and the module does not patch it (a
    // turn's state, the players' flags): a move that changes it diffs it without reading it back
    // from the text. Kept for every member, the part would weigh six times its text.
    nlohmann::json value;
  };
  struct Public {
    bool valid = false;
    std::uint64_t version = 0;
    std::shared_ptr<const engine::GameState> state;  // the state the members describe
    std::map<std::string, Member> members;
    std::uint64_t hash_sum = 0;  // of the members' hashes: the part's hash
    std::string text;            // when text_valid
    bool text_valid = false;
    std::string hash;
  };
  struct Step {
    std::uint64_t from;
    std::uint64_t to;
    Frame frame;
  };
  // A seat part: the module's members as JSON (small: a prompt, a hand), the actions and those
  // to confirm as text (json_text.hpp). Its text is only hashed after a move; a snapshot writes
  // it again.
  struct Seat {
    bool valid = false;
    std::uint64_t version = 0;
    nlohmann::json members = nlohmann::json::object();
    ActionsText actions;
    ActionsText confirm;                                              // the member is left out when empty
    std::string hash;                                                 // the sum of member_hashes, in hex
    std::map<std::string, std::uint64_t, std::less<>> member_hashes;  // engine::member_hash of each member
    std::size_t log_size = 0;
    std::deque<Step> history;
    std::size_t history_bytes = 0;
  };

  // The public part and the seat's at the match's version (rebuilt, without history, if behind).
  Public& current_public(const engine::Match& match);
  // Moves the public part to the match's state and returns the ops (a serialised JSON array).
  std::string update_public(const engine::Match& match);
  void rebuild_public(const engine::Match& match);
  // The public part's hash from the sum of its members', and the match's state and version as the part's.
  void finish_public(const engine::Match& match);
  Seat& current_seat(const engine::Match& match, const std::string& seat);
  void rebuild_seat(const engine::Match& match, const std::string& name, Seat& seat);
  // The seat's parts at the match's version, read into buffers of the thread's (reused from seat
  // to seat, move to move and room to room: a room keeps only what it sends).
  static void read_seat_parts(const engine::Match& match, const std::string& name);
  // The operations from the seat's part to the one read, in the order of the feed's JSON diff
  // (members gone first, then the others in name order), and the names of the members that differ.
  static void diff_seat(const Seat& seat, OpsText& ops, std::vector<std::string>& changed);
  // Takes the parts read as the seat's, and its hash: the `changed` members hashed again, or
  // every member when there is no list.
  static void take_seat_parts(Seat& seat, const std::vector<std::string>* changed);
  // The seat part's text (as nlohmann would dump it), in a buffer of the thread's.
  static const std::string& seat_text(const Seat& seat);
  const std::string& public_text();
  Frame snapshot_frame(const std::string& name, const Seat& seat);
  void remember(Seat& seat, Step step);

  GameId game_;
  std::vector<std::string> seat_keys_;
  std::string seat_keys_text_;
  Public public_;
  std::map<std::string, Seat> seats_;
  OlderLines older_lines_;
};

}  // namespace warpath::protocol
