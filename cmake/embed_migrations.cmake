# Writes a C++ file holding every schema/NNN_name.sql as a migration, and every
# schema/postgresql/NNN_name.sql as its PostgreSQL twin, so the binary carries its own schema in
# both dialects and runs from any directory.
include("${CMAKE_CURRENT_LIST_DIR}/migration_files.cmake")
warpath_check_migration_dialects("${SCHEMA_DIR}" "${SCHEMA_DIR}/postgresql")

# Sets OUT to the initialiser lines of DIR's migrations.
function(migration_list dir out)
  warpath_migration_files("${dir}" sql_files)
  set(body "")
  foreach(file IN LISTS sql_files)
    get_filename_component(name "${file}" NAME_WE)
    string(SUBSTRING "${name}" 0 3 number)
    math(EXPR version "${number}")
    file(READ "${file}" sql)
    string(APPEND body "      {${version}, \"${name}\", R\"warpath_sql(${sql})warpath_sql\"},\n")
  endforeach()
  set(${out} "${body}" PARENT_SCOPE)
endfunction()

migration_list("${SCHEMA_DIR}" sqlite_body)
migration_list("${SCHEMA_DIR}/postgresql" postgresql_body)
file(WRITE "${OUTPUT}.tmp" "// Generated from schema/*.sql and schema/postgresql/*.sql by cmake/embed_migrations.cmake; do not edit.
#include \"server/storage/migrations.hpp\"

namespace warpath::server::storage {

const std::vector<Migration>& embedded_migrations() {
  static const std::vector<Migration> migrations = {
${sqlite_body}  };
  return migrations;
}

const std::vector<Migration>& embedded_postgresql_migrations() {
  static const std::vector<Migration> migrations = {
${postgresql_body}  };
  return migrations;
}

}  // namespace warpath::server::storage
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
