# Runs metafor on one CSV for every case in a second CSV (measure, method, hksj, drop00) and prints
# "case <tab> field <tab> value" lines that tests/analysis/metafor.test.ts compares with the engine.
suppressMessages(library(metafor))
args <- commandArgs(TRUE)
d <- read.csv(args[1], stringsAsFactors = FALSE, check.names = FALSE)
cases <- read.csv(args[2], stringsAsFactors = FALSE)
binary <- "events_t" %in% names(d)
out <- function(id, key, val) {
  for (j in seq_along(val)) cat(id, "\t", key[j], "\t", if (is.na(val[j])) "NA" else sprintf("%.15g", val[j]), "\n", sep = "")
}
# metafor's own defaults throughout: escalc's add = 1/2, to = "only0", drop00 = FALSE, and rma.mh's
# add/to/drop00 = c(1/2, 0), c("only0", "none"), c(TRUE, FALSE); drop00 = TRUE only when a case asks.
effects <- function(dd, measure, method, drop00) {
  if (method == "MH") {
    r <- fit(dd, measure, method, "z", drop00)
    return(data.frame(yi = r$yi.f, vi = r$vi.f, subgroup = if ("subgroup" %in% names(dd)) dd$subgroup else NA))
  }
  if (binary && drop00) escalc(measure, ai = events_t, n1i = n_t, ci = events_c, n2i = n_c, data = dd, slab = study, drop00 = TRUE)
  else if (binary) escalc(measure, ai = events_t, n1i = n_t, ci = events_c, n2i = n_c, data = dd, slab = study)
  else escalc(measure, m1i = mean_t, sd1i = sd_t, n1i = n_t, m2i = mean_c, sd2i = sd_c, n2i = n_c, data = dd, slab = study)
}
fit <- function(dd, measure, method, test, drop00) {
  if (method == "MH") rma.mh(ai = events_t, n1i = n_t, ci = events_c, n2i = n_c, data = dd, measure = measure, slab = study)
  else rma(yi, vi, data = effects(dd, measure, method, drop00), method = method, test = test)
}
pooled <- function(id, res) {
  p <- predict(res)
  pi.lb <- if (is.null(p$pi.lb)) p$ci.lb else p$pi.lb
  pi.ub <- if (is.null(p$pi.ub)) p$ci.ub else p$pi.ub
  out(id, c("k", "estimate", "se", "ci_lower", "ci_upper", "pi_lower", "pi_upper", "tau2", "I2", "Q", "Q_p", "pval"),
      c(res$k, c(res$beta), res$se, res$ci.lb, res$ci.ub, pi.lb, pi.ub, res$tau2, res$I2, res$QE, res$QEp, res$pval))
}
for (i in seq_len(nrow(cases))) {
  measure <- cases$measure[i]; method <- cases$method[i]; test <- if (cases$hksj[i]) "knha" else "z"
  drop00 <- cases$drop00[i]
  id <- paste(measure, method, cases$hksj[i], sep = "/")
  if (drop00) id <- paste(id, "drop00", sep = "/")
  es <- effects(d, measure, method, drop00)
  out(id, paste0("yi:", d$study), es$yi)
  out(id, paste0("vi:", d$study), es$vi)
  res <- fit(d, measure, method, test, drop00)
  pooled(id, res)
  w <- weights(res)
  out(id, paste0("w:", names(w)), w)
  if (res$k <= 30 && sum(!is.na(es$yi)) >= 3) {
    l <- leave1out(res)
    keep <- !is.na(l$estimate)
    out(id, paste0("loo:", l$slab[keep], ":estimate"), l$estimate[keep])
    out(id, paste0("loo:", l$slab[keep], ":se"), l$se[keep])
    out(id, paste0("loo:", l$slab[keep], ":ci_lower"), l$ci.lb[keep])
    out(id, paste0("loo:", l$slab[keep], ":ci_upper"), l$ci.ub[keep])
    out(id, paste0("loo:", l$slab[keep], ":Q"), l$Q[keep])
    out(id, paste0("loo:", l$slab[keep], ":I2"), l$I2[keep])
    if (!is.null(l$tau2)) out(id, paste0("loo:", l$slab[keep], ":tau2"), l$tau2[keep])
  }
  ivmethod <- if (method == "MH") "FE" else method
  if (sum(!is.na(es$yi)) >= 3) {
    eg <- regtest(rma(yi, vi, data = es, method = ivmethod, test = test))
    out(id, c("egger:stat", "egger:p", "egger:limit_estimate", "egger:limit_ci_lower", "egger:limit_ci_upper"),
        c(eg$zval, eg$pval, eg$est, eg$ci.lb, eg$ci.ub))
  }
  if ("subgroup" %in% names(d)) {
    for (g in unique(d$subgroup)) {
      dg <- d[d$subgroup == g, ]
      if (sum(!is.na(effects(dg, measure, method, drop00)$yi)) >= 2) {
        rg <- fit(dg, measure, method, test, drop00)
        out(id, paste0("sub:", g, ":", c("estimate", "se", "ci_lower", "ci_upper", "tau2", "I2", "Q")),
            c(c(rg$beta), rg$se, rg$ci.lb, rg$ci.ub, rg$tau2, rg$I2, rg$QE))
      }
    }
    m <- rma(yi, vi, mods = ~ factor(subgroup), data = es, method = ivmethod, test = test)
    out(id, c("subtest:QM", "subtest:p"), c(m$QM, m$QMp))
  }
}
