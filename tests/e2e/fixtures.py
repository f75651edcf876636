"""The E2E fixtures: a real Chromium (Debian's) driven by Playwright against the live test server.

Every page of every E2E test (marked ``e2e``, in tests/e2e/ or a game folder's tests/) is
watched for Content-Security-Policy violations (Chromium's ``securitypolicyviolation`` event):
a test during which any page reported one fails.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must have Chromium at {CHROMIUM} (make test installs it)")
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium package (make system-deps)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; Django's ORM guard
    # would otherwise refuse the live server fixtures' database work.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Runs in every page and frame before the page's own scripts (Playwright injects it, so the
# policy does not apply to it) and reports each violation to the test.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", function (event) {
  window.__reportCspViolation({
    page: location.href, directive: event.violatedDirective, blocked: event.blockedURI,
    source: event.sourceFile, line: event.lineNumber, sample: event.sample,
  });
});
"""


@pytest.fixture(autouse=True)
def csp_violations(request, monkeypatch):
    """Every browser context an E2E test opens reports violations here; any at the end fail the
    test. A test that provokes one on purpose empties the list."""
    violations: list[dict] = []
    if request.node.get_closest_marker("e2e") is None:
        yield violations
        return
    browser = request.getfixturevalue("browser")
    open_context = browser.new_context

    def report(violation: dict) -> None:
        violations.append(violation)

    def new_context(*args, **kwargs):
        context = open_context(*args, **kwargs)
        context.expose_function("__reportCspViolation", report)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        return context

    monkeypatch.setattr(browser, "new_context", new_context)
    yield violations
    if violations:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(map(str, violations)))


@pytest.fixture
def new_page(browser, live_server):
    contexts = []

    def make(width: int = 1000, height: int = 900):
        context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        for page in context.pages:
            page.wait_for_timeout(50)  # lets reports still on their way arrive
        context.close()
