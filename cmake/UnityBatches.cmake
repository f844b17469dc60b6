# Unity batches written by us rather than by CMake's UNITY_BUILD: CMake 3.25 writes
# `#include "/absolute/path/file.cpp"` into its unity files, so a clone of the same code in
# another folder (CI's fresh clone, a worktree) preprocesses to different text and ccache misses
# every batch. Ours include each file by its path relative to the batch file, which sits in the
# build tree, so the text is the same in every clone and ccache's direct mode hits.
#
# The batches are the ones CMake would make: a target's .cpp files in the order it lists them,
# MARIONETTE_UNITY_BATCH_SIZE to a batch; generated sources and generator expressions compile
# alone.

# The targets defined under `directory` that compile sources (libraries and executables), in
# `out`; cmake/TestPaths.cmake walks the tests with it too.
function(marionette_compiled_targets directory out)
  get_property(defined DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
  set(targets "")
  foreach(target IN LISTS defined)
    get_target_property(type ${target} TYPE)
    if(type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
      list(APPEND targets ${target})
    endif()
  endforeach()
  get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    marionette_compiled_targets("${subdirectory}" nested)
    list(APPEND targets ${nested})
  endforeach()
  set(${out} "${targets}" PARENT_SCOPE)
endfunction()

function(_marionette_unity_write path content)
  if(EXISTS "${path}")
    file(READ "${path}" existing)
    if(existing STREQUAL content)
      return()  # unchanged: keep its timestamp, so nothing recompiles
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()

# Writes `target`'s batch files and adds them to it; returns in `out` the files they include,
# which the caller marks HEADER_FILE_ONLY once every target is batched (a source's properties
# are its directory's, shared by the targets there).
function(_marionette_unity_batch_target target batch_size out)
  set(${out} "" PARENT_SCOPE)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  get_target_property(sources ${target} SOURCES)
  set(batchable "")
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<" OR NOT source MATCHES "\\.(cpp|cc|cxx)$")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${source_dir}" NORMALIZE)
    get_source_file_property(generated "${source}" TARGET_DIRECTORY ${target} GENERATED)
    get_source_file_property(header_only "${source}" TARGET_DIRECTORY ${target} HEADER_FILE_ONLY)
    if(generated OR header_only)
      continue()
    endif()
    list(APPEND batchable "${source}")
  endforeach()
  if(NOT batchable)
    return()
  endif()
  set(batch_dir "${binary_dir}/unity")
  file(MAKE_DIRECTORY "${batch_dir}")
  set(batch_files "")
  list(LENGTH batchable count)
  math(EXPR last "${count} - 1")
  foreach(first RANGE 0 ${last} ${batch_size})
    math(EXPR index "${first} / ${batch_size}")
    list(SUBLIST batchable ${first} ${batch_size} members)
    set(content "")
    foreach(source IN LISTS members)
      file(RELATIVE_PATH relative "${batch_dir}" "${source}")
      string(APPEND content "#include \"${relative}\"\n")
    endforeach()
    set(batch_file "${batch_dir}/${target}_${index}.cpp")
    _marionette_unity_write("${batch_file}" "${content}")
    list(APPEND batch_files "${batch_file}")
  endforeach()
  target_sources(${target} PRIVATE ${batch_files})
  set(${out} "${batchable}" PARENT_SCOPE)
endfunction()

# Every target defined under `directory`, batched; call once, after every add_subdirectory.
function(marionette_unity_batches directory batch_size)
  marionette_compiled_targets("${directory}" targets)
  foreach(target IN LISTS targets)
    _marionette_unity_batch_target(${target} ${batch_size} batched)
    set(included_by_${target} "${batched}")
  endforeach()
  foreach(target IN LISTS targets)
    if(included_by_${target})
      set_source_files_properties(${included_by_${target}} TARGET_DIRECTORY ${target}
                                  PROPERTIES HEADER_FILE_ONLY ON)
    endif()
  endforeach()
endfunction()
