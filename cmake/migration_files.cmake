# The migration files of one dialect's directory, and the check that both dialects hold the same
# NNN_name migrations (the same migrations in SQLite's and PostgreSQL's dialects).
# Included by server/CMakeLists.txt (checked at configure) and by cmake/embed_migrations.cmake
# (checked again when the migrations are embedded).

# Sets OUT to DIR's NNN_name.sql files, sorted.
function(warpath_migration_files dir out)
  file(GLOB files "${dir}/[0-9][0-9][0-9]_*.sql")
  list(SORT files)
  set(${out} ${files} PARENT_SCOPE)
endfunction()

# Stops with an error naming the migrations that only one of the two directories has.
function(warpath_check_migration_dialects sqlite_dir postgresql_dir)
  foreach(dialect sqlite postgresql)
    warpath_migration_files("${${dialect}_dir}" files)
    set(${dialect}_names "")
    foreach(file IN LISTS files)
      get_filename_component(name "${file}" NAME_WE)
      list(APPEND ${dialect}_names "${name}")
    endforeach()
  endforeach()
  set(only_sqlite ${sqlite_names})
  set(only_postgresql ${postgresql_names})
  if(postgresql_names)
    list(REMOVE_ITEM only_sqlite ${postgresql_names})
  endif()
  if(sqlite_names)
    list(REMOVE_ITEM only_postgresql ${sqlite_names})
  endif()
  if(only_sqlite OR only_postgresql)
    foreach(list only_sqlite only_postgresql)
      if(NOT ${list})
        set(${list} "(none)")
      endif()
    endforeach()
    message(FATAL_ERROR "The SQLite and PostgreSQL migrations differ: every ${sqlite_dir}/NNN_name.sql needs "
                        "${postgresql_dir}/NNN_name.sql and the other way round.\n"
                        "  only in ${sqlite_dir}: ${only_sqlite}\n"
                        "  only in ${postgresql_dir}: ${only_postgresql}")
  endif()
endfunction()
