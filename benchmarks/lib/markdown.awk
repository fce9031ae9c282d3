# afdo benchmarks: the markdown of the reports (report.awk, quality.awk):
# a heading or a paragraph with the empty line after it, a table's head.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Given to awk before the report's own program: awk -f markdown.awk -f ...

function heading(h) { print h; print "" }
function para(t) { print t; print "" }
function table_head(head, sep) { print head; print sep }
