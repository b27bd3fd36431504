#!/usr/bin/env python3
"""Simulates the full unwinnability analysis's phase budgets from per-phase node counts.

Input: the output of build/release/bench/unwinnable_phases (the nodes each phase needs alone,
per side, capped). A plan is a list of phases with their nodes, run in order as
analyse_winnability runs them; the walk gets what the budget has left, at least its own
share. A side is decided when a phase decides it within its share. The simulation ignores
that the real first best-first search goes on after a walk stopped by its depth cap (rare).

    scripts/unwinnable_phases.py [--budget N] [--plan PLAN] FILE...

PLAN: comma-separated PHASE:NODES (phases bf1, progress, bf6, bf2, walk; `reach` without
nodes), default the one lib/chess/unwinnable.cpp runs. Prints, per file, the sides and the
undetermined ones under the plan, and the estimated microseconds (each phase's measured rate).
"""
import argparse
import sys


def parse(path):
    sides = []
    with open(path) as f:
        for text in f:
            t = text.split()
            if len(t) < 4:
                continue
            side = {"line": t[0], "side": t[1], "label": t[2]}
            if t[3] == "quick":
                side["quick"] = True
                sides.append(side)
                continue
            i = 3
            while i < len(t):
                name = t[i]
                if name == "walk":
                    side["walk"] = (t[i + 1], int(t[i + 2]), int(t[i + 3]))
                    i += 4
                elif name == "reach":
                    side["reach"] = t[i + 1] == "1"
                    i += 3
                else:
                    side[name] = (int(t[i + 1]), int(t[i + 2]))
                    i += 3
            sides.append(side)
    return sides


def default_plan(budget):
    return [("bf1", min(budget * 2 // 5, 40000)), ("reach", 0), ("progress", budget // 10),
            ("bf6", budget // 16), ("bf2", budget // 100), ("walk", budget // 3)]


def run(side, budget, plan):
    """(decided, nodes, estimated microseconds) of one side under `plan`."""
    if side.get("quick"):
        return True, 0, 0.0
    spent, micros = 0, 0.0
    for phase, nodes in plan:
        if phase == "reach":
            if side.get("reach"):
                return True, spent, micros
            continue
        if phase == "walk":
            nodes = max(budget - spent, nodes)
            if "walk" not in side:
                return True, spent, micros  # the first best-first search mated at once
            outcome, needed, took = side["walk"]
            rate = took / max(needed, 1)
            if outcome != "budget" and needed <= nodes:
                return True, spent + needed, micros + rate * needed
            spent += nodes
            micros += rate * nodes
            continue
        if phase not in side:
            return True, spent, micros
        needed, took = side[phase]
        rate = took / max(needed, 1) if needed > 0 else 0.0
        if needed != -1 and needed <= nodes:
            return True, spent + needed, micros + rate * needed
        spent += nodes
        micros += rate * nodes
    return False, spent, micros


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=250000)
    parser.add_argument("--plan")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    plan = default_plan(args.budget)
    if args.plan:
        plan = []
        for item in args.plan.split(","):
            name, _, nodes = item.partition(":")
            plan.append((name, int(nodes) if nodes else 0))
    for path in args.files:
        sides = parse(path)
        undetermined = 0
        micros = 0.0
        for side in sides:
            decided, _, us = run(side, args.budget, plan)
            undetermined += not decided
            micros += us
        print(f"{path}: {len(sides)} sides, {undetermined} undetermined, "
              f"~{micros / 1e6:.1f} s of phases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
