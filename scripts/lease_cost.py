"""What renewing its leases costs a server process (``Leases.renew``, one statement every
``RENEW_SECONDS``, in a thread beside the event loop): the time of one renewal of N leases
(wall-clock, and the CPU time of the process), on the server's engine for an SQLite file or a
database URL, the median of many made 50 ms apart (a server makes one every ``RENEW_SECONDS``;
back to back, with the code and data warm, one costs a third of it), and the share of a core.

    .venv/bin/python scripts/lease_cost.py [--db URL] [--tables 1 100 1000] [--times 100]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from briscola.apps.server.cluster.leases import RENEW_SECONDS, Leases
from briscola.apps.server.store import Storage


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="a database URL (default: an SQLite file of its own)")
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 100, 1000])
    parser.add_argument("--times", type=int, default=100)
    parser.add_argument(
        "--pause", type=float, default=0.05, help="seconds between two renewals (0: back to back)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(args.db or f"sqlite:///{folder}/leases.db")
        engine = storage.engine
        for n in args.tables:
            leases = Leases(engine, f"bench-{n}")
            ids = [f"t{n}-{i}" for i in range(n)]
            for table_id in ids:
                leases.take(table_id)
            spent, cpu = [], []
            for _ in range(args.times):
                start, start_cpu = time.perf_counter(), time.process_time()
                held = leases.renew()
                spent.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                assert len(held) == n
                time.sleep(args.pause)  # as in a server: back to back they cost a third of it
            median, cpu_median = statistics.median(spent), statistics.median(cpu)
            print(
                f"{n} leases: renewal median {median * 1000:.2f} ms "
                f"(p95 {sorted(spent)[int(0.95 * len(spent))] * 1000:.2f} ms), "
                f"CPU {cpu_median * 1000:.2f} ms: {cpu_median / RENEW_SECONDS:.1%} of a core "
                f"at one renewal every {RENEW_SECONDS} s"
            )
            leases.release()
        storage.close()


if __name__ == "__main__":
    main()
