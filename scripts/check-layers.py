#!/usr/bin/env python3
"""Fails when a stage links or includes a stage that is not below it (core/layers.txt).

Reads the stage order from core/layers.txt, every target_link_libraries of the stages'
CMakeLists.txt and every #include "STAGE/..." of their sources, and prints each back-edge:
a stage linking or including a stage on its own line (a sibling) or above it, and a stage
including a stage it does not link. Exit status 1 when there is one, else 0.

    scripts/check-layers.py [SOURCE_DIR]
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/', re.M)
TARGET = re.compile(r'\badd_(?:library|executable)\(\s*([A-Za-z0-9_.-]+)')
LINK = re.compile(r'\btarget_link_libraries\(\s*([A-Za-z0-9_.-]+)([^)]*)\)', re.S)
SOURCE_SUFFIXES = ('.cpp', '.hpp', '.h', '.c')


def stage_dirs(root):
    """Each stage's folder: core/NAME, or the module folders and tools/load."""
    special = {'subagent': 'subagent', 'ruby': 'ruby', 'augeas': 'augeas', 'load': 'tools/load'}
    return lambda stage: os.path.join(root, special.get(stage, os.path.join('core', stage)))


def read_layers(root):
    levels = {}
    with open(os.path.join(root, 'core', 'layers.txt')) as layers:
        level = 0
        for line in layers:
            line = line.split('#', 1)[0].split()
            if not line:
                continue
            for stage in line:
                levels[stage] = level
            level += 1
    return levels


def cmake_texts(directory):
    for folder, _, files in os.walk(directory):
        if 'CMakeLists.txt' in files:
            with open(os.path.join(folder, 'CMakeLists.txt')) as cmake:
                yield re.sub(r'#[^\n]*', '', cmake.read())


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), '..'))
    levels = read_layers(root)
    folder_of = stage_dirs(root)
    stage_of_target = {'marionette_version': 'version'}
    links = {}
    for stage in levels:
        for text in cmake_texts(folder_of(stage)) if os.path.isdir(folder_of(stage)) else []:
            for target in TARGET.findall(text):
                stage_of_target[target] = stage
            for target, items in LINK.findall(text):
                links.setdefault(stage, []).append((target, items.split()))
    problems = []

    def check(stage, used, how):
        if used == stage or used not in levels:
            return
        if levels[used] >= levels[stage]:
            relation = 'a sibling' if levels[used] == levels[stage] else 'a higher stage'
            problems.append(f'{stage} {how} {used}, {relation} (core/layers.txt)')

    linked = {stage: {stage} for stage in levels}
    for stage, entries in links.items():
        for target, items in entries:
            for item in items:
                used = stage_of_target.get(item)
                if used is None:
                    continue
                linked[stage].add(used)
                check(stage, used, f'links {item} ({target} ->)')
    # A stage's libraries see what the stages they link link publicly or privately; an include
    # is fine when the included stage is reachable through links.
    def reachable(stage, seen=None):
        seen = seen if seen is not None else set()
        for used in linked.get(stage, ()):
            if used not in seen:
                seen.add(used)
                reachable(used, seen)
        return seen

    for stage in levels:
        directory = folder_of(stage)
        if not os.path.isdir(directory):
            continue
        reach = reachable(stage)
        for folder, _, files in os.walk(directory):
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                with open(path, errors='replace') as source:
                    included = sorted(set(INCLUDE.findall(source.read())))
                shown = os.path.relpath(path, root)
                for used in included:
                    if used == 'marionette':
                        used = 'version'
                    if used not in levels or used == stage:
                        continue
                    check(stage, used, f'includes {used}/ ({shown})')
                    # ruby/ and augeas/ hold a module and the interface core uses, not a library.
                    if levels[used] < levels[stage] and used not in reach and not (
                            {stage, used} & {'ruby', 'augeas', 'version'}):
                        problems.append(f'{stage} includes {used}/ ({shown}) without linking it')
    for problem in problems:
        print(f'check-layers: {problem}')
    if problems:
        print(f'check-layers: {len(problems)} back-edge(s); a lower stage must not use a higher '
              'one (move the shared code below both, see docs/architecture.md)')
        return 1
    print(f'check-layers: {len(levels)} stages, no back-edge')
    return 0


if __name__ == '__main__':
    sys.exit(main())
