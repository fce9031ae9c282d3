set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'
set output '/work/main/benchmarks/results/bench-ablation.png'
set datafile separator '\t'
set datafile missing 'NaN'
set multiplot layout 2,1 title 'afdo benchmarks (ablation), 2026-11-25 22:16 UTC, commit 28d3ef2437'
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
plot 0 notitle
set autoscale y
set style histogram clustered gap 1.5
set ylabel 'instructions saved vs -O2 (%)'
set title 'Instructions executed on the small input (cachegrind): reduction'
plot 0 notitle
unset multiplot
