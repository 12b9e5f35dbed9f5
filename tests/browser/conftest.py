"""Fixtures for the Playwright tests (browser_fixtures.py): one served guildtable and one chromium per test
process, a fresh browser context per test, and a screenshot of every test's last page in artifacts/screenshots/."""

from browser_fixtures import base_url, browser, context, page, themed

__all__ = ["base_url", "browser", "context", "page", "themed"]
