"""Bridges to other frameworks (OpenSpiel). Each needs its optional extra and imports it only when used."""
