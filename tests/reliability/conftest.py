"""The reliability suites share the HTTP tests' app fixtures and the session's PostgreSQL database."""

from tests.api.conftest import api, api_on, hostile_api, store_target  # noqa: F401  (fixtures)
from tests.application.conftest import postgres_url  # noqa: F401  (a fixture)
