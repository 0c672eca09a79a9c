#pragma once
// The FIDE Tournament Report File (TRF16, the 2006 format as updated in 2015), as read by pairing
// checkers such as JaVaFo and bbpPairings: the tournament's header lines and one 001 line per
// player with the fixed columns of the format. Columns (1-based, inclusive):
//   1-3 "001", 5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56
//   federation, 58-68 FIDE number, 70-79 birth date (YYYY/MM/DD), 81-84 points ("11.5"),
//   86-89 rank; then for round r (from 1) at column 92 + 10 (r - 1): 4 columns for the
//   opponent's starting rank ("0000" without one), 1 for the colour and 1 for the result.
// Numbers are right-aligned, text left-aligned, unused fields blank.
//
// Mapping: the first seat plays "w", the second "b"; a game's result is 1, = or 0, a forfeit + or
// - (with the opponent and colour it was scheduled with); byes are "0000 -" with U (pairing
// allocated), F, H or Z, and an absence is Z. Points and ranks come from standings.hpp with the
// tie-breaks the caller orders. Lines end with "\n" (the readers accept it; the format's text asks
// for a carriage return, which a caller may add). Columns count bytes: a name longer than 33 bytes
// is cut at a UTF-8 character boundary.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/tournaments/results.hpp"
#include "server/tournaments/standings.hpp"

namespace warpath::server::tournaments {

struct TrfDate {
  int year = 2000;
  int month = 1;
  int day = 1;
};

// The header lines: 012 name, 022 city, 032 federation, 042/052 dates, 062 players, 072 rated
// players, 092 type, 102 chief arbiter, 122 time control, 132 the rounds' dates. Empty or absent
// fields are left out, except 012, 062 and 072.
struct TrfTournament {
  std::string name;
  std::string city;
  std::string federation;
  std::optional<TrfDate> start;
  std::optional<TrfDate> end;
  std::string type;  // e.g. "Swiss (Warpath)", "Round robin pools (Warpath)"
  std::string chief_arbiter;
  std::string time_control;
  std::vector<TrfDate> round_dates;  // empty, or one per round played
};

struct TrfPlayer {
  PlayerId id = 0;
  std::string name;           // "Lastname, Firstname" or a user name
  std::optional<int> rating;  // 0-9999; blank if unrated
  char sex = ' ';             // 'm', 'w' or blank
  std::string title;          // up to 3 characters
  std::string federation;     // up to 3 characters
  std::string fide_number;    // up to 11 digits
  std::optional<TrfDate> birth;
};

// The report of `results`, players in `results.players`' starting order (each needs an entry in
// `players`), ranked by points and `order`. Bad results or player data are refused.
std::variant<std::string, InputError> write_trf(const TrfTournament& tournament, const std::vector<TrfPlayer>& players,
                                                const TournamentResults& results, const std::vector<TieBreak>& order);

}  // namespace warpath::server::tournaments
