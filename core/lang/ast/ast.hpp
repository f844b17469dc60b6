#pragma once

/// Every AST node type, for code that walks the whole tree.
#include "lang/ast/arena.hpp"
#include "lang/ast/calls.hpp"
#include "lang/ast/control.hpp"
#include "lang/ast/definitions.hpp"
#include "lang/ast/epp.hpp"
#include "lang/ast/literals.hpp"
#include "lang/ast/node.hpp"
#include "lang/ast/operators.hpp"
#include "lang/ast/resources.hpp"
