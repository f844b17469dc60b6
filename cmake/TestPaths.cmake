# The paths the test targets' definitions name (NAME="/abs/path" or NAME="$<TARGET_FILE:t>"),
# compiled in relative to the build tree and made absolute when the test runs
# (tests/support/build_tree_path.hpp): an absolute path in a compile's flags is another text in
# every clone, so ccache missed every test of CI's fresh clone. The tests' CMakeLists name the
# paths as usual; this rewrites them, once every target is defined.

function(_marionette_relative_definitions target header)
  get_target_property(definitions ${target} COMPILE_DEFINITIONS)
  if(NOT definitions)
    return()
  endif()
  set(rewritten "")
  set(changed FALSE)
  foreach(definition IN LISTS definitions)
    if(definition MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=\"(/[^\"]*)\"$")
      file(RELATIVE_PATH relative "${CMAKE_BINARY_DIR}" "${CMAKE_MATCH_2}")
      list(APPEND rewritten
           "${CMAKE_MATCH_1}=::marionette::testing::build_tree_path(\"${relative}\")")
      set(changed TRUE)
    elseif(definition MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=\"(\\$<TARGET_FILE:[^>\"]+>)\"$")
      list(APPEND rewritten
           "${CMAKE_MATCH_1}=::marionette::testing::build_tree_path(\"$<PATH:RELATIVE_PATH,${CMAKE_MATCH_2},${CMAKE_BINARY_DIR}>\")")
      set(changed TRUE)
    else()
      list(APPEND rewritten "${definition}")
    endif()
  endforeach()
  if(changed)
    set_target_properties(${target} PROPERTIES COMPILE_DEFINITIONS "${rewritten}")
    target_compile_options(${target} PRIVATE "SHELL:-include ${header}")
  endif()
endfunction()

# Every target defined under `directory` (the tests); marionette_compiled_targets is
# cmake/UnityBatches.cmake's.
function(marionette_relative_test_paths directory)
  marionette_compiled_targets("${directory}" targets)
  foreach(target IN LISTS targets)
    _marionette_relative_definitions(${target}
                                     "${PROJECT_SOURCE_DIR}/tests/support/build_tree_path.hpp")
  endforeach()
endfunction()
