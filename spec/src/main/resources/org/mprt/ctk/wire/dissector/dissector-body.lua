-- What follows is the same for every profile the tables above describe.

local mprt = Proto("mprt", "MPRT, multipath RDMA transport (profile " .. PROFILE .. ")")

local pf = {}
local value_names = {}
for _, f in ipairs(FIELDS) do
  value_names[f.id] = f.values
  if f.kind == "bool" then
    pf[f.id] = ProtoField.bool(f.id, f.name, f.bits, nil, f.mask)
  elseif f.kind == "bytes" then
    pf[f.id] = ProtoField.bytes(f.id, f.name)
  else
    pf[f.id] = ProtoField[f.kind](f.id, f.name, f.base, f.values, f.mask)
  end
end
local opcode_names = {}
for code, op in pairs(OPCODES) do
  opcode_names[code] = op.name
end
pf.opcode = ProtoField.uint8("mprt.opcode", "Opcode", base.HEX, opcode_names)
pf.payload = ProtoField.bytes("mprt.payload", "Payload")
pf.icrc = ProtoField.uint32("mprt.icrc", "ICRC", base.HEX)

local ex = {
  reserved = ProtoExpert.new("mprt.reserved_not_zero", "Reserved field not zero",
    expert.group.PROTOCOL, expert.severity.WARN),
  opcode = ProtoExpert.new("mprt.reserved_opcode", "Opcode reserved in MPRT's range",
    expert.group.PROTOCOL, expert.severity.WARN),
  records = ProtoExpert.new("mprt.too_many_records", "More records than the header may carry",
    expert.group.MALFORMED, expert.severity.ERROR),
  short = ProtoExpert.new("mprt.short_datagram", "UDP datagram ends before the MPRT headers do",
    expert.group.MALFORMED, expert.severity.ERROR),
  extra = ProtoExpert.new("mprt.unexpected_payload", "Bytes after the headers of an opcode without payload",
    expert.group.MALFORMED, expert.severity.ERROR),
  cut = ProtoExpert.new("mprt.cut", "Cut short by the capture (snap length)",
    expert.group.SEQUENCE, expert.severity.NOTE),
}

local fields = {}
for _, f in pairs(pf) do
  fields[#fields + 1] = f
end
mprt.fields = fields
mprt.experts = { ex.reserved, ex.opcode, ex.records, ex.short, ex.extra, ex.cut }

local bth_opcode = Field.new("infiniband.bth.opcode")
local udp_length = Field.new("udp.length")

-- The value of a field of up to 32 bits of the header at byte at.
local function value(src, at, f)
  return src(at + f.offset, f.size):bitfield(f.bit, f.width)
end

-- Adds the fields that the capture holds whole; false when it cut one of them.
local function add_fields(tree, src, at, rows, captured, ref)
  for _, f in ipairs(rows) do
    if at + f.offset + f.size > captured then
      return false
    end
    local item = tree:add(pf[f.id], src(at + f.offset, f.size))
    if f.reserved and f.width <= 32 and value(src, at, f) ~= 0 then
      item:add_proto_expert_info(ex.reserved, f.name .. " is sent as zero (" .. ref .. ")")
    end
  end
  return true
end

-- The short form of a header's fields for the Info column.
local function summarise(summary, src, at, rows, captured)
  for _, f in ipairs(rows) do
    if f.summary and at + f.offset + f.size <= captured then
      local v = value(src, at, f)
      if f.kind == "bool" then
        if v ~= 0 then
          summary[#summary + 1] = f.summary
        end
      else
        local names = value_names[f.id]
        summary[#summary + 1] = f.summary .. "=" .. (names and names[v] and string.match(names[v], "^[^,]+") or v)
      end
    end
  end
end

-- Where the UDP datagram that carries the BTH at byte bth ends: the nearest UDP header before it
-- (an overlay or a mirror's encapsulation may hold others further out).
local function datagram_end(src, bth, lengths)
  local nearest
  for _, l in ipairs(lengths) do
    if l.offset < bth and (nearest == nil or l.offset > nearest.offset) then
      nearest = l
    end
  end
  if nearest == nil then
    return src:len()
  end
  return nearest.offset - UDP_LENGTH_OFFSET + nearest.value
end

local function dissect(src, bth, code, lengths, pinfo, tree)
  local captured = src:len()
  local finish = datagram_end(src, bth, lengths)
  local t = tree:add(mprt, src(bth, math.max(1, math.min(finish, captured) - bth)))
  t:add(pf.opcode, src(bth, 1))
  pinfo.cols.protocol:set("MPRT")
  local op = OPCODES[code]
  if op == nil then
    t:add_proto_expert_info(ex.opcode, string.format("opcode 0x%02X is not defined (%s)", code, OPCODE_REF))
    pinfo.cols.info:set(string.format("MPRT reserved opcode 0x%02X", code))
    return
  end
  local summary = { op.name }
  if bth + BTH_LENGTH <= captured then
    summary[#summary + 1] = "PSN=" .. value(src, bth, PSN)
  end
  local at = bth + BTH_LENGTH
  local whole = true
  for _, h in ipairs(op.headers) do
    if at >= captured then
      whole = false
      break
    end
    local records = 0
    if h.count ~= nil and at + h.count.offset + h.count.size <= captured then
      records = value(src, at, h.count)
    end
    local length = h.length + records * h.record_length
    local ht = t:add(src(at, math.min(length, captured - at)), h.name)
    whole = add_fields(ht, src, at, h.fields, captured, h.ref)
    if whole and records > h.max_records then
      ht:add_proto_expert_info(ex.records, h.count.name .. " " .. records .. " is over " .. h.max_records
        .. " (" .. h.ref .. ")")
    end
    for k = 1, records do
      local r = at + h.length + (k - 1) * h.record_length
      whole = whole and r < captured
      if not whole then
        break
      end
      local rt = ht:add(src(r, math.min(h.record_length, captured - r)), h.record_name .. " " .. k)
      whole = add_fields(rt, src, r, h.records, captured, h.ref)
    end
    summarise(summary, src, at, h.fields, captured)
    at = at + length
    if not whole then
      break
    end
  end
  if whole then
    local icrc = finish - ICRC_LENGTH
    local pad = value(src, bth, PAD_CNT)
    if at + pad > icrc then
      t:add_proto_expert_info(ex.short, "the headers end at byte " .. at .. ", the datagram's ICRC starts at byte " .. icrc)
    else
      if op.payload and icrc - pad > at then
        local shown = math.min(icrc - pad, captured) - at
        if shown > 0 then
          t:add(pf.payload, src(at, shown))
        end
        summary[#summary + 1] = "len=" .. (icrc - pad - at)
      elseif not op.payload and icrc > at then
        t:add_proto_expert_info(ex.extra, (icrc - at) .. " bytes between the headers and the ICRC, where "
          .. op.name .. " carries none")
      end
      if icrc + ICRC_LENGTH <= captured then
        t:add_le(pf.icrc, src(icrc, ICRC_LENGTH))
      else
        whole = false
      end
    end
  end
  if not whole then
    t:add_proto_expert_info(ex.cut)
  end
  pinfo.cols.info:set(table.concat(summary, " "))
end

function mprt.dissector(tvb, pinfo, tree)
  local lengths = { udp_length() }
  for _, fi in ipairs({ bth_opcode() }) do
    local code = fi.value
    if code >= RANGE_FIRST and code <= RANGE_LAST then
      dissect(fi.source or tvb, fi.offset, code, lengths, pinfo, tree)
    end
  end
end

register_postdissector(mprt)
