#pragma once
// Checks made on a raw client message before the JSON parser sees it.

#include <string_view>

#include "engine/core/json_string.hpp"

namespace warpath::protocol {

using engine::is_valid_utf8;
// True when arrays/objects nest deeper than `max_depth` (brackets inside strings do not count).
bool nests_deeper_than(std::string_view json_text, int max_depth);

}  // namespace warpath::protocol
