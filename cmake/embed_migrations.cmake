# Writes a C++ file holding every schema/NNN_name.sql as a migration, so the binary carries its
# own schema and runs from any directory.
file(GLOB sql_files "${SCHEMA_DIR}/[0-9][0-9][0-9]_*.sql")
list(SORT sql_files)
set(body "")
foreach(file IN LISTS sql_files)
  get_filename_component(name "${file}" NAME_WE)
  string(SUBSTRING "${name}" 0 3 number)
  math(EXPR version "${number}")
  file(READ "${file}" sql)
  string(APPEND body "      {${version}, \"${name}\", R\"warpath_sql(${sql})warpath_sql\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from schema/*.sql by cmake/embed_migrations.cmake; do not edit.
#include \"server/storage/migrations.hpp\"

namespace warpath::server::storage {

const std::vector<Migration>& embedded_migrations() {
  static const std::vector<Migration> migrations = {
${body}  };
  return migrations;
}

}  // namespace warpath::server::storage
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
