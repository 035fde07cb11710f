"""HTML reports: a turn-by-turn replay of a record with its scoring audit.

``render_report(audit)`` gives one self-contained HTML page; ``build_report_model(audit)``
gives the typed view model the page is drawn from (`paipu.reports.model`).
"""

from __future__ import annotations

from paipu.reports.build import build_report_model
from paipu.reports.model import ReportModel
from paipu.reports.render import render_model, render_report, write_report

__all__ = ["ReportModel", "build_report_model", "render_model", "render_report", "write_report"]
