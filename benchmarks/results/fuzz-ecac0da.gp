set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'
set output 'fuzz-ecac0da.png'
set datafile separator '\t'
set datafile missing '-'
set multiplot layout 2,1 title 'afdo plugin against -O2 on afdo-progen programs (ecac0da): cachegrind counts'
set logscale x
set grid
set key outside right top
set xlabel 'samples in the profile'
set ylabel 'instructions, plugin / -O2'
set title 'Instruction ratio (FAIL above 1.01)'
plot 'fuzz-ecac0da.tsv' using ($5 > 0 ? $5 : 1):(strcol(15) eq "pass" ? $10 : 1/0) skip 1 title 'pass' pt 7 ps 0.4 lc rgb '#3060c0', \
     'fuzz-ecac0da.tsv' using ($5 > 0 ? $5 : 1):(strcol(15) eq "FAIL" ? $10 : 1/0) skip 1 title 'FAIL' pt 7 ps 0.6 lc rgb '#d02020', \
     1.01 title '1.01' lt -1 dt 2
set logscale y
set ylabel 'mispredicted branches, plugin / -O2'
set title 'Mispredict ratio (log scale; FAIL above 1.05 + 1,000 branches)'
plot 'fuzz-ecac0da.tsv' using ($5 > 0 ? $5 : 1):(strcol(15) eq "pass" && $11 > 0 ? $11 : 1/0) skip 1 title 'pass' pt 7 ps 0.4 lc rgb '#3060c0', \
     'fuzz-ecac0da.tsv' using ($5 > 0 ? $5 : 1):(strcol(15) eq "FAIL" && $11 > 0 ? $11 : 1/0) skip 1 title 'FAIL' pt 7 ps 0.6 lc rgb '#d02020', \
     1.05 title '1.05' lt -1 dt 2
unset multiplot
