-- a policy whose table (next to it) does not load
return {
  name = "bad-table",
  table = "broken-table.yaml",
  result = function(r) return {ER = r.er} end,
}
