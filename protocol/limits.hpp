#pragma once
#include <cstddef>
#include <cstdint>

namespace warpath::protocol {

inline constexpr int protocol_version = 3;
// Largest client message accepted; a larger one is drained and answered with an error.
inline constexpr std::size_t max_message_bytes = 64 * 1024;
// Deepest JSON nesting accepted; deeper documents are refused before they are parsed.
inline constexpr int max_json_depth = 32;
inline constexpr std::size_t max_chat_chars = 1000;
// A player's private note in a game (PUT /api/games/{id}/notes), in characters.
inline constexpr std::size_t max_note_chars = 20000;
inline constexpr std::size_t max_ref_chars = 64;
// Kinds of response window a `set_orders` may name (a title has a handful).
inline constexpr std::size_t max_window_kinds = 32;
// Log lines a page holds: a client asks for up to the maximum; the default is also what follows a snapshot.
inline constexpr std::size_t default_log_page_lines = 100;
inline constexpr std::size_t max_log_page_lines = 500;
// Integers in messages stay within what a JavaScript number holds exactly.
inline constexpr std::uint64_t max_json_integer = (std::uint64_t{1} << 53) - 1;
// Patches kept per seat so that a client that missed a few messages catches up without a snapshot.
inline constexpr std::size_t seat_patch_history = 64;
// ... and at most this many bytes of them: a client further behind gets a snapshot and a log
// frame, which together weigh about as much (a Wilderness War snapshot is 3.6 KB).
inline constexpr std::size_t seat_patch_history_bytes = 4 * 1024;

}  // namespace warpath::protocol
