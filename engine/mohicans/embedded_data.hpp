#pragma once
// The JSON files of engine/mohicans/data/, compiled into the binary at build time
// (embed_data.cmake), so the game never reads files at run time.

#include <string_view>

namespace warpath::mohicans {

// The text of data/<name>.json ("map", "pieces", "setup", "reinforcements", "tables"); throws
// std::out_of_range for any other name.
std::string_view embedded_data_file(std::string_view name);

}  // namespace warpath::mohicans
