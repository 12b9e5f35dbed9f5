"""The layout of an observation tensor now lives in the kernel (`guildtable.kernel.layout`), beside the games'
observers; this name stays for code written against it."""

from guildtable.kernel.layout import Layout, LayoutBuilder, Slice, markdown_table

__all__ = ["Layout", "LayoutBuilder", "Slice", "markdown_table"]
