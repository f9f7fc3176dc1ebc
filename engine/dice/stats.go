package dice

import "math"

// ChiSquare tests counts of faces against equal chances: it returns the
// statistic, its degrees of freedom (faces - 1) and the p-value, the chance
// that fair dice would stray at least this far. A very small p-value (say
// below 0.001) is evidence of bias; over many tests, about one in a hundred
// fair ones falls below 0.01.
func ChiSquare(counts []int) (stat float64, df int, p float64) {
	total := 0
	for _, c := range counts {
		total += c
	}
	if len(counts) < 2 || total == 0 {
		return 0, 0, 1
	}
	exp := float64(total) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - exp
		stat += d * d / exp
	}
	df = len(counts) - 1
	return stat, df, upperGamma(float64(df)/2, stat/2)
}

// upperGamma is the regularised upper incomplete gamma function Q(a, x):
// a series below a+1, a continued fraction above (both converge fast there).
func upperGamma(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(a*math.Log(x) - x - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if term < sum*1e-15 {
				break
			}
		}
		return math.Max(0, 1-front*sum)
	}
	// Lentz's method for the continued fraction of Q.
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return math.Min(1, front*h)
}
