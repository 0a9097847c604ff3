#!/usr/bin/python3
# The fits' benchmark, scipy's side (build-scripts/bench-fit.sh): scipy.optimize.least_squares with
# method='lm' (MINPACK's lmdif, or lmder given the Jacobian) on the same 1000-point Stribeck file the
# engine fits, from the same starts (the engine's: the law's defaults, then its Latin-hypercube starts,
# read from the native run's output). Not a test: it prints times.
#
#   /usr/bin/python3 build-scripts/bench-fit-scipy.py DIR ROUNDS
#
# DIR holds stribeck-1000.csv and native.json (friction_fit_bench's output). Prints one JSON object with,
# for 1 start and for 8 starts, with the default Jacobian ('2-point': forward differences) and with the
# analytic one, the median and least time [s] over ROUNDS calls (a block per case, after five untimed), the evaluations
# (nfev + njev) and the least sum of squares. scipy's 'lm' has no bounds: the starts are taken as they
# are (all inside the catalog's ranges), and a start may end in another local minimum than the
# engine's bounded search does; the sums of squares say so.
import json
import sys
import time

import numpy as np
from scipy.optimize import least_squares


def lugre_residuals(v, force):
    """LuGre's steady force Fc + (Fs − Fc)·e^(−(v/vs)²) + σ2·v minus the data (Canudas de Wit 1995)."""

    def residuals(p):
        fc, fs, vs, sigma2 = p
        return fc + (fs - fc) * np.exp(-((v / vs) ** 2)) + sigma2 * v - force

    def jacobian(p):
        fc, fs, vs, _ = p
        decay = np.exp(-((v / vs) ** 2))
        return np.column_stack([1 - decay, decay, (fs - fc) * decay * 2 * v * v / vs**3, v])

    return residuals, jacobian


def fit_from(starts, residuals, jac):
    """least_squares from each start; the least sum of squares and the evaluations over all."""
    best, evaluations = None, 0
    for start in starts:
        result = least_squares(residuals, np.array(start), jac=jac, method="lm")
        evaluations += result.nfev + (result.njev or 0)
        if best is None or result.cost < best.cost:
            best = result
    return 2 * best.cost, evaluations, best.x.tolist()


def main():
    folder, rounds = sys.argv[1], int(sys.argv[2])
    data = np.loadtxt(f"{folder}/stribeck-1000.csv", delimiter=",", skiprows=1)
    residuals, jacobian = lugre_residuals(data[:, 0], data[:, 1])
    native = {row["file"].split("/")[-1]: row for row in json.load(open(f"{folder}/native.json"))}
    cases = {
        "1 start": native["stribeck-1.json"]["starts"],
        "8 starts": native["stribeck-8.json"]["starts"],
    }
    rows = []
    for case, starts in cases.items():
        for name, jac in (("2-point", "2-point"), ("analytic", jacobian)):
            rows.append({"case": case, "jacobian": name, "starts": starts, "jac": jac, "seconds": []})
    # A block of calls per case, after five untimed ones, as the wasm side times its requests.
    for row in rows:
        for call in range(-5, rounds):
            began = time.perf_counter()
            row["ssr"], row["evaluations"], row["values"] = fit_from(row["starts"], residuals, row["jac"])
            if call >= 0:
                row["seconds"].append(time.perf_counter() - began)
    out = []
    for row in rows:
        seconds = sorted(row["seconds"])
        out.append(
            {
                "case": row["case"],
                "jacobian": row["jacobian"],
                "median": seconds[len(seconds) // 2],
                "least": seconds[0],
                "evaluations": row["evaluations"],
                "sumOfSquares": row["ssr"],
                "values": row["values"],
            }
        )
    json.dump({"scipy": __import__("scipy").__version__, "rows": out}, sys.stdout, indent=1)


main()
