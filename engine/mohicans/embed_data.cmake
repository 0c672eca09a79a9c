# Writes a C++ file holding engine/mohicans/data/*.json as raw string literals, so the binary
# carries its own game data and runs from any directory (like cmake/embed_migrations.cmake).
# Inputs: DATA_DIR, OUTPUT, NAMES (comma-separated file names without ".json").
#
# Each literal is kept under 60 000 bytes (adjacent literals concatenate) and is cut after a line
# end, never inside a multi-byte UTF-8 character: the data files hold one record per line.
set(max_literal 60000)
string(REPLACE "," ";" names "${NAMES}")
set(arrays "")
set(entries "")
foreach(name IN LISTS names)
  file(READ "${DATA_DIR}/${name}.json" text)
  string(LENGTH "${text}" remaining)
  set(literals "")
  while(remaining GREATER 0)
    if(remaining GREATER max_literal)
      string(SUBSTRING "${text}" 0 ${max_literal} piece)
      string(FIND "${piece}" "\n" last_newline REVERSE)
      if(last_newline LESS 0)
        message(FATAL_ERROR "${name}.json has a line longer than ${max_literal} bytes")
      endif()
      math(EXPR cut "${last_newline} + 1")
      string(SUBSTRING "${text}" 0 ${cut} piece)
    else()
      set(piece "${text}")
      set(cut ${remaining})
    endif()
    string(APPEND literals "\n    R\"moh_json(${piece})moh_json\"")
    string(SUBSTRING "${text}" ${cut} -1 text)
    math(EXPR remaining "${remaining} - ${cut}")
  endwhile()
  string(APPEND arrays "constexpr char ${name}_json[] =${literals};\n")
  string(APPEND entries "    {\"${name}\", {${name}_json, sizeof ${name}_json - 1}},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from engine/mohicans/data/*.json by engine/mohicans/embed_data.cmake;
// do not edit.
#include \"engine/mohicans/embedded_data.hpp\"

#include <stdexcept>
#include <string>
#include <utility>

namespace warpath::mohicans {
namespace {

${arrays}
}  // namespace

std::string_view embedded_data_file(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> files[] = {
${entries}  };
  for (const auto& [file_name, text] : files)
    if (file_name == name) return text;
  throw std::out_of_range(\"no embedded Mohicans data file '\" + std::string(name) + \"'\");
}

}  // namespace warpath::mohicans
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
