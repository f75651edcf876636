"""The suite's shared fixtures: for the platform's tests (tests/) and each game folder's tests/."""

pytest_plugins = ["tests.fixtures", "tests.e2e.fixtures", "tests.integration.fixtures"]
