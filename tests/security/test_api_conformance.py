"""Issue 30, "Also": the API answers as its OpenAPI schema says. Schemathesis (`st run ... --checks all`) found 404s,
401s and other statuses the schema did not list, problem bodies (`application/problem+json`) it did not list either,
requests the schema allowed refused for name and password rules it did not state, and 405s without `Allow`.

Here schemathesis fuzzes a real `guildtable serve` for about a minute and a quarter with every check, on SQLite and
on PostgreSQL: first every operation as a visitor, then the ones a session changes with a signed-in account's cookie
and CSRF token. The rate limits are lifted (a 429 is a documented answer, but a limited run would test little else).
`schemathesis.toml` names the operations whose fields have rules JSON Schema cannot state (a 422 there is right). A
failure prints schemathesis' report: each problem with the curl command that reproduces it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from security_helpers import TestClient

from guildtable.server.accounts import COOKIE, CSRF_HEADER
from guildtable.server.local import local_server
from guildtable.server.problems import PROBLEM_JSON, ProblemBody

ROOT = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).parent / "st"
# Every rate limit lifted: a 429 is a documented answer, but a limited run would test little else.
UNLIMITED = (
    *("--create-rate", "100000/minute", "--join-rate", "100000/minute", "--upload-rate", "100000/minute"),
    *("--move-rate", "100000/minute", "--signin-rate", "100000/minute", "--replay-rate", "100000/minute"),
    *("--analyse-rate", "100000/hour"),
)
# The operations a signed-in account reaches past the 401 a visitor gets (or that act otherwise for one). Signing up
# and signing out are left out: either would end the session the run signs in with.
SIGNED_IN = (
    "GET /api/account",
    "GET /api/account/tables",
    "GET /api/account/settings",
    "PUT /api/account/settings",
    "POST /api/account/settings/confirmation",
    "DELETE /api/account/sessions",
    "POST /api/account/password",
    "POST /api/account/delete",
    "POST /api/tables/{table_id}/claim",
    "POST /api/tables",
)


def schemathesis(base_url: str, cwd: Path, seconds: int, who: str, *options: str) -> None:
    """Run schemathesis for about `seconds` with every check, as `who`; fail with its report of what it found."""
    command = [
        str(ST),
        "--config-file",
        str(ROOT / "schemathesis.toml"),
        "run",
        f"{base_url}/openapi.json",
        "--checks",
        "all",
        "--phases",
        "examples,coverage,fuzzing",
        "--max-time",
        str(seconds),
        # One worker: schemathesis' workers are threads, and on Python 3.11 two threads parsing source at once
        # (hypothesis describes its lambdas with `ast.parse`) can fail with "AST constructor recursion depth
        # mismatch" (cpython#106905), an error of the tool, not of the API.
        "--workers",
        "1",
        "--no-color",
        *options,
    ]
    run = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=seconds + 120, check=False)
    if run.returncode != 0:
        report = run.stdout
        # The failures and errors come before the warnings; the summary names them.
        found = min((report.find(title) for title in ("= FAILURES =", "= ERRORS =") if title in report), default=0)
        pytest.fail(f"schemathesis found problems {who}:\n{report[found:][:30000]}\n{run.stderr[-3000:]}")


@pytest.fixture(params=["sqlite", "postgresql"])
def served_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database the fuzzed server runs on: a SQLite file, and a PostgreSQL database of its own where `make test`
    started one (issue 32: the API keeps to its description on both)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'conformance.sqlite3'}"
    return str(request.getfixturevalue("postgres_database"))


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_schemathesis_finds_nothing(served_db: str, tmp_path: Path) -> None:
    """Issues 30 and 32: schemathesis with every check finds no answer that breaks the API's own description, as a
    visitor and signed in, on SQLite and on PostgreSQL. Since issue 32 every answer has a schema, so its
    `response_schema_conformance` check reads every 2xx body too."""
    with local_server(served_db, extra=UNLIMITED) as (base_url, _process):
        schemathesis(base_url, tmp_path, 45, "as a visitor")

        signed_up = httpx.post(
            f"{base_url}/api/account", json={"name": "Fuzzer", "password": "violet kettle harbour drum"}
        )
        assert signed_up.status_code == 201, signed_up.text
        session = signed_up.cookies[COOKIE]
        names = [option for name in SIGNED_IN for option in ("--include-name", name)]
        schemathesis(
            base_url,
            tmp_path,
            30,
            "signed in",
            "--header",
            f"Cookie: {COOKIE}={session}",
            "--header",
            f"{CSRF_HEADER}: {signed_up.json()['csrf']}",
            *names,
        )
        # The session lasted the run, so every signed-in operation was fuzzed past its 401.
        assert httpx.get(f"{base_url}/api/account", cookies={COOKIE: session}).status_code == 200


def test_a_405_names_every_method_of_the_path(client: TestClient) -> None:
    """RFC 9110: a 405 carries `Allow`. /api/session has a route per method (GET since issue 33: whether a browser is
    signed in, answered for guests too), and Starlette's own header named only the first one's."""
    refused = client.request("TRACE", "/api/session")
    assert refused.status_code == 405
    assert refused.headers["allow"] == "DELETE, GET, POST"
    assert refused.headers["content-type"] == PROBLEM_JSON
    assert refused.json()["problem"] == "method-not-allowed"
    assert client.put("/unsubscribe/some-token").headers["allow"] == "GET, POST"


def test_refusals_are_documented_as_problems(client: TestClient) -> None:
    """Each status an operation refuses with is in the schema as a problem body, FastAPI's own 422 included; the
    bodies the server sends fit the documented one."""
    schema = client.get("/openapi.json").json()
    assert schema["components"]["schemas"]["Problem"] == ProblemBody.model_json_schema()
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert PROBLEM_JSON in response["content"], (method, path, status)
    moves = schema["paths"]["/api/tables/{table_id}/moves"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "410", "413", "422", "429"} <= set(moves)
    assert moves["429"]["headers"]["Retry-After"]["required"] is True
    refusals = [
        client.get("/api/tables/nothing-here"),
        client.post("/api/tables", json={"game": "city-blocks", "seats": [{}]}),
        client.post("/api/tables", content=b"{", headers={"Content-Type": "application/json"}),
        client.post("/api/account", json={"name": "Ada", "password": "short"}),
        client.get("/api/account"),
    ]
    assert [answer.status_code for answer in refusals] == [404, 422, 400, 422, 401]
    for answer in refusals:
        assert answer.headers["content-type"] == PROBLEM_JSON
        assert ProblemBody.model_validate(answer.json()).status == answer.status_code


def test_the_schema_states_the_password_and_name_rules(client: TestClient) -> None:
    """A new password's length is in the schema (ST202: a 7-character password was schema-valid and refused), and the
    rules JSON Schema cannot state are in the fields' descriptions."""
    components = client.get("/openapi.json").json()["components"]["schemas"]
    for model, field in (("SignUpRequest", "password"), ("PasswordChange", "new_password")):
        password = components[model]["properties"][field]
        assert (password["minLength"], password["maxLength"]) == (8, 256)
        assert "easy to guess" in password["description"]
    assert "mixing Latin, Greek and Cyrillic" in components["JoinRequest"]["properties"]["name"]["description"]
    assert "as many as the game takes" in components["CreateTableRequest"]["properties"]["seats"]["description"]
