//! Nothing to build: the tests under `tests/` check the map in `docs/architecture.md` against
//! the code (issue 51), so `make test` fails when the map stops being true.
