# afdo benchmarks: the markdown of the reports (report.awk, quality.awk):
# a heading or a paragraph with the empty line after it, a table's head.
# Copyright (C) 2026 The afdo authors.
#
# This file is part of afdo.
#
# afdo is free software; you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 3, or (at your option) any later
# version.
#
# afdo is distributed in the hope that it will be useful, but WITHOUT ANY
# WARRANTY; without even the implied warranty of MERCHANTABILITY or
# FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
# for more details.
#
# You should have received a copy of the GNU General Public License
# along with afdo; see the file COPYING.  If not see
# <http://www.gnu.org/licenses/>.
#
# Given to awk before the report's own program: awk -f markdown.awk -f ...

function heading(h) { print h; print "" }
function para(t) { print t; print "" }
function table_head(head, sep) { print head; print sep }
