# The marionette executable links its C++ and small C dependencies statically: each shared
# library costs every process the loader's relocations and symbol lookups, and `marionette
# compile` is measured whole-process against Puppet (docs/performance.md, fourth pass: ~1 ms of
# start-up and ~2 ms of a 3,000-resource compile). Debian ships the archives with the -dev
# packages; the SNMP module, loaded by `marionette agent` only, keeps the shared libraries.

# yaml-cpp, libyaml, hiredis and Nettle as archives, for every target (tests included).
function(marionette_static_archive target archive)
  find_library(${target}_ARCHIVE NAMES ${archive} REQUIRED NO_CACHE)
  add_library(${target} STATIC IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES IMPORTED_LOCATION ${${target}_ARCHIVE})
  foreach(include_dir IN LISTS ARGN)
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES ${include_dir})
  endforeach()
endfunction()

get_target_property(yaml_cpp_includes yaml-cpp INTERFACE_INCLUDE_DIRECTORIES)
if(NOT yaml_cpp_includes)
  set(yaml_cpp_includes "")
endif()
marionette_static_archive(marionette_yaml_cpp libyaml-cpp.a ${yaml_cpp_includes})
marionette_static_archive(marionette_hiredis libhiredis.a ${HIREDIS_INCLUDE_DIRS})
pkg_check_modules(LIBYAML REQUIRED yaml-0.1)
marionette_static_archive(marionette_libyaml libyaml.a ${LIBYAML_INCLUDE_DIRS})
pkg_check_modules(NETTLE REQUIRED nettle)
marionette_static_archive(marionette_nettle libnettle.a ${NETTLE_INCLUDE_DIRS})
# Nettle's public-key half and the GMP it computes with (RSA signatures of certificates).
marionette_static_archive(marionette_hogweed libhogweed.a ${NETTLE_INCLUDE_DIRS})
marionette_static_archive(marionette_gmp libgmp.a)

# spdlog and fmt compiled into the executable from their headers, linking neither library
# (spdlog's own header-only target still links the shared libfmt).
find_package(fmt REQUIRED)
add_library(marionette_spdlog_header_only INTERFACE)
get_target_property(spdlog_includes spdlog::spdlog_header_only INTERFACE_INCLUDE_DIRECTORIES)
get_target_property(fmt_includes fmt::fmt-header-only INTERFACE_INCLUDE_DIRECTORIES)
target_include_directories(marionette_spdlog_header_only INTERFACE ${spdlog_includes} ${fmt_includes})
target_compile_definitions(marionette_spdlog_header_only INTERFACE SPDLOG_FMT_EXTERNAL FMT_HEADER_ONLY=1)
target_link_libraries(marionette_spdlog_header_only INTERFACE Threads::Threads)

# The C++ runtime too, for the executable alone (the SNMP module and the tests use the shared
# one; nothing of the C++ runtime crosses between the executable and the module: see
# subagent/module_abi.hpp).
set(MARIONETTE_STATIC_RUNTIME_OPTIONS -static-libstdc++ -static-libgcc)
if(MARIONETTE_SANITIZE)
  # The sanitizers' runtimes replace operator new/delete, which a static libstdc++ would shadow.
  set(MARIONETTE_STATIC_RUNTIME_OPTIONS "")
endif()
