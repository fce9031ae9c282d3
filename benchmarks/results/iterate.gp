set terminal pngcairo size 900,700 font 'DejaVu Sans,10'
set output 'iterate.png'
set datafile separator '\t'
set datafile missing 'NaN'
set multiplot layout 2,1 title 'Iterative AutoFDO (iterate), 2026-11-23 16:53 UTC, commit 5a434d52b7'
set key outside right top
set grid ytics
set xtics 1
set xrange [0.7:3.3]
set xzeroaxis lt -1
set xlabel 'round (built with the profile of the previous round)'
set ylabel 'speedup over -O2 (%)'
set title 'Run time: median speedup, IQR as error bars'
plot 'iterate.dat' using ($1+0.00):2:3:4 title columnhead(2) with yerrorlines lw 2, 'iterate.dat' using ($1+0.04):6:7:8 title columnhead(6) with yerrorlines lw 2, 'iterate.dat' using ($1+0.08):10:11:12 title columnhead(10) with yerrorlines lw 2
set ylabel 'instructions saved vs -O2 (%)'
set yrange [4.00:6.40]
set title 'Instructions executed on the small input (cachegrind)'
plot 'iterate.dat' using ($1+0.00):5 title columnhead(2) with linespoints lw 2, 'iterate.dat' using ($1+0.04):9 title columnhead(6) with linespoints lw 2, 'iterate.dat' using ($1+0.08):13 title columnhead(10) with linespoints lw 2
unset multiplot
