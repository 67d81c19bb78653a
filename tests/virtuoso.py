"""A throwaway Virtuoso Open Source server for kg's tests (Debian's ``virtuoso-opensource``).

``virtuoso(folder)`` writes a ``virtuoso.ini`` whose database, logs and HTTP root
all live in ``folder``, starts ``virtuoso-t +foreground`` as a child process
listening on two free loopback ports (SQL and HTTP), waits until its SPARQL
endpoint answers, and stops it with SIGTERM (Virtuoso's quick shutdown, about
two seconds) when the block ends; SIGKILL if it has not gone after 20 s.

With ``writable=True`` the anonymous ``SPARQL`` account is granted
``SPARQL_UPDATE`` through ``isql`` (the ``dba`` account, password ``dba`` on a
new database), so the unauthenticated ``/sparql-graph-crud`` Graph Store
endpoint accepts PUT and POST: loopback only, and the database is thrown away.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SERVER = "virtuoso-t"
ISQL = ("isql-vt", "isql")  # Debian renames Virtuoso's isql to isql-vt (unixODBC has an isql too)
DBA_PASSWORD = "dba"  # what a new Virtuoso database starts with
MAX_ROWS = 1_000_000  # [SPARQL] ResultSetMaxRows: Virtuoso drops the rows past it (Debian's default is 10,000)

INI = """\
[Database]
DatabaseFile = {folder}/virtuoso.db
ErrorLogFile = {folder}/virtuoso.log
LockFile = {folder}/virtuoso.lck
TransactionFile = {folder}/virtuoso.trx
xa_persistent_file = {folder}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = {folder}/virtuoso-temp.db
TransactionFile = {folder}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
CheckpointInterval = 0
NumberOfBuffers = 4000
MaxDirtyBuffers = 3000
ThreadsPerQuery = 2
DirsAllowed = .

[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {folder}
ServerThreads = 4
MaxClientConnections = 4
Charset = UTF-8

[SPARQL]
ResultSetMaxRows = {max_rows}
MaxQueryExecutionTime = 120
MaxQueryCostEstimationTime = 400
"""


def server_binary() -> str | None:
    return shutil.which(SERVER)


def isql_binary() -> str | None:
    for name in ISQL:
        path = shutil.which(name)
        if path and _is_virtuoso_isql(path):
            return path
    return None


def _is_virtuoso_isql(path: str) -> bool:
    try:
        out = subprocess.run([path, "-?"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "Virtuoso" in out.stdout + out.stderr


def available() -> bool:
    return server_binary() is not None and isql_binary() is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class Virtuoso:
    folder: Path
    http_port: int
    sql_port: int
    pid: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def sparql(self) -> str:
        """The SPARQL 1.1 protocol endpoint (queries)."""
        return self.base + "/sparql"

    @property
    def graph_store(self) -> str:
        """The Graph Store Protocol endpoint without authentication (needs ``writable``)."""
        return self.base + "/sparql-graph-crud"

    @property
    def graph_store_auth(self) -> str:
        """The Graph Store Protocol endpoint that asks for a SQL user (HTTP digest)."""
        return self.base + "/sparql-graph-crud-auth"

    def isql(self, sql: str) -> str:
        """Run SQL statements as ``dba``; a failure raises with Virtuoso's message."""
        out = subprocess.run([isql_binary() or "isql-vt", f"127.0.0.1:{self.sql_port}", "dba", DBA_PASSWORD,
                              f"exec={sql}"], capture_output=True, text=True, timeout=60)
        if out.returncode != 0 or "*** Error" in out.stdout + out.stderr:
            raise RuntimeError(f"isql failed ({out.returncode}): {out.stdout}{out.stderr}")
        return out.stdout

    def set_max_rows(self, rows: int) -> None:
        """Change ``[SPARQL] ResultSetMaxRows`` of the running server (read again for each query)."""
        self.isql(f"cfg_write(virtuoso_ini_path(), 'SPARQL', 'ResultSetMaxRows', '{int(rows)}');")

    def log(self) -> str:
        path = self.folder / "virtuoso.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def _answers(url: str) -> bool:
    query = urllib.parse.urlencode({"query": "ASK { }"})
    try:
        with urllib.request.urlopen(f"{url}?{query}", timeout=2) as resp:
            return resp.status == 200
    except (OSError, urllib.error.URLError):
        return False


@contextmanager
def virtuoso(folder: Path, *, writable: bool = True, timeout: float = 90.0) -> Iterator[Virtuoso]:
    """A Virtuoso server on loopback with its database in ``folder`` (created), stopped on exit."""
    binary = server_binary()
    if binary is None:
        raise RuntimeError(f"{SERVER} is not installed (Debian: apt-get install virtuoso-opensource)")
    folder.mkdir(parents=True, exist_ok=True)
    folder = folder.resolve()
    http_port, sql_port = free_port(), free_port()
    while sql_port == http_port:
        sql_port = free_port()
    ini = folder / "virtuoso.ini"
    ini.write_text(INI.format(folder=folder, sql_port=sql_port, http_port=http_port, max_rows=MAX_ROWS),
                   encoding="utf-8")
    with open(folder / "stdout.log", "wb") as out:
        proc = subprocess.Popen([binary, "+foreground", "+configfile", str(ini)], cwd=folder,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    server = Virtuoso(folder, http_port, sql_port, proc.pid)
    try:
        deadline = time.monotonic() + timeout
        while not _answers(server.sparql):
            if proc.poll() is not None:
                raise RuntimeError(f"virtuoso-t exited with status {proc.returncode}:\n{server.log()[-3000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"virtuoso-t did not answer within {timeout:g} s:\n{server.log()[-3000:]}")
            time.sleep(0.2)
        if writable:
            server.isql('GRANT SPARQL_UPDATE TO "SPARQL";')
        yield server
    finally:
        _stop(proc)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)  # Virtuoso: "Initiating quick shutdown"
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
