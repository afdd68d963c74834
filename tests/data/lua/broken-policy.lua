-- a policy with a syntax error on line 4
return {
  name = "broken",
  result = function(r) return {ER = r.er)
}
