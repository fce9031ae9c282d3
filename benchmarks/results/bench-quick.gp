set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'
set output '/work/main/benchmarks/results/bench-quick.png'
set datafile separator '\t'
set datafile missing 'NaN'
set multiplot layout 2,1 title 'afdo benchmarks (quick), 2026-11-27 20:47 UTC, commit 4a7dfbb71b'
set style data histograms
set style fill solid 0.8 border -1
set key outside right top
set grid ytics
set xtics rotate by -30
set xzeroaxis lt -1
set style histogram errorbars gap 1.5 lw 1
set ylabel 'speedup over -O2 (%)'
set yrange [-40<*:*<40]
set title 'Run time: median speedup, IQR as error bars (axis clipped at ±40 %; see the tables)'
plot '/work/main/benchmarks/results/bench-quick.dat' using 2:3:4:xtic(1) title columnhead(2), '/work/main/benchmarks/results/bench-quick.dat' using 6:7:8:xtic(1) title columnhead(6), '/work/main/benchmarks/results/bench-quick.dat' using 10:11:12:xtic(1) title columnhead(10), '/work/main/benchmarks/results/bench-quick.dat' using 14:15:16:xtic(1) title columnhead(14), '/work/main/benchmarks/results/bench-quick.dat' using 18:19:20:xtic(1) title columnhead(18), '/work/main/benchmarks/results/bench-quick.dat' using 22:23:24:xtic(1) title columnhead(22)
set autoscale y
set style histogram clustered gap 1.5
set ylabel 'instructions saved vs -O2 (%)'
set title 'Instructions executed on the small input (cachegrind): reduction'
plot '/work/main/benchmarks/results/bench-quick.dat' using 5:xtic(1) title columnhead(2), '/work/main/benchmarks/results/bench-quick.dat' using 9:xtic(1) title columnhead(6), '/work/main/benchmarks/results/bench-quick.dat' using 13:xtic(1) title columnhead(10), '/work/main/benchmarks/results/bench-quick.dat' using 17:xtic(1) title columnhead(14), '/work/main/benchmarks/results/bench-quick.dat' using 21:xtic(1) title columnhead(18), '/work/main/benchmarks/results/bench-quick.dat' using 25:xtic(1) title columnhead(22)
unset multiplot
