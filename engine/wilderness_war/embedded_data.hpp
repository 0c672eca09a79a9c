#pragma once
// The JSON files of engine/wilderness_war/data/, compiled into the binary at build time
// (embed_data.cmake), so the game never reads files at run time.

#include <string>
#include <string_view>

namespace warpath::wilderness_war {

// The text of data/<name>.json ("spaces", "pieces", "cards", "scenarios", "tables"); throws
// std::out_of_range for any other name.
std::string_view embedded_data_file(std::string_view name);

}  // namespace warpath::wilderness_war
