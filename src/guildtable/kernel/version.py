"""The engine version written into every game record."""

ENGINE_VERSION = "0.1.0"
