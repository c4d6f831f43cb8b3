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
local ICRC_STATUS = { [0] = "Bad", [1] = "Good", [2] = "Unverified" }
pf.icrc_computed = ProtoField.uint32("mprt.icrc.computed", "Computed ICRC", base.HEX)
pf.icrc_status = ProtoField.uint8("mprt.icrc.status", "ICRC status", base.DEC, ICRC_STATUS)

mprt.prefs.check_icrc = Pref.bool("Check the ICRC", true,
  "Compute the ICRC of each MPRT packet the capture holds whole and compare it with the one it carries"
  .. " (turn off to open very large captures faster)")

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
  icrc = ProtoExpert.new("mprt.icrc.bad", "Bad ICRC",
    expert.group.CHECKSUM, expert.severity.ERROR),
  unverified = ProtoExpert.new("mprt.icrc.unverified", "ICRC not checked",
    expert.group.MALFORMED, expert.severity.WARN),
}

local fields = {}
for _, f in pairs(pf) do
  fields[#fields + 1] = f
end
mprt.fields = fields
mprt.experts = { ex.reserved, ex.opcode, ex.records, ex.short, ex.extra, ex.cut, ex.icrc, ex.unverified }

-- The ICRC of RoCEv2 packets too (ROCE-ICRC-001), which Wireshark shows but does not check.
local roce = Proto("roce_icrc", "RoCEv2 ICRC, checked as mprt-ctk checks it")
local roce_fields = {
  icrc_computed = ProtoField.uint32("roce_icrc.computed", "Computed ICRC", base.HEX),
  icrc_status = ProtoField.uint8("roce_icrc.status", "ICRC status", base.DEC, ICRC_STATUS),
}
local roce_ex = {
  icrc = ProtoExpert.new("roce_icrc.bad", "Bad ICRC", expert.group.CHECKSUM, expert.severity.ERROR),
  unverified = ProtoExpert.new("roce_icrc.unverified", "ICRC not checked", expert.group.MALFORMED, expert.severity.WARN),
}
roce.fields = { roce_fields.icrc_computed, roce_fields.icrc_status }
roce.experts = { roce_ex.icrc, roce_ex.unverified }

local bth_opcode = Field.new("infiniband.bth.opcode")
local udp_length = Field.new("udp.length")
local ipv4_header = Field.new("ip")
local ipv6_header = Field.new("ipv6")

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

-- The UDP datagram that carries the BTH at byte bth: where its header starts (nil when none was
-- found) and where it ends. It is the nearest UDP header before the BTH (an overlay or a mirror's
-- encapsulation may hold others further out).
local function datagram(src, bth, lengths)
  local nearest
  for _, l in ipairs(lengths) do
    if l.offset < bth and (nearest == nil or l.offset > nearest.offset) then
      nearest = l
    end
  end
  if nearest == nil then
    return nil, src:len()
  end
  return nearest.offset - UDP_LENGTH_OFFSET, nearest.offset - UDP_LENGTH_OFFSET + nearest.value
end

-- Bitwise operations: operators from Lua 5.3 on, else Lua 5.2's bit32, else the bit library of Wireshark's Lua 5.1.
local band, bor, bxor, rshift
do
  local operators = (loadstring or load)("return function(a, b) return a & b end, function(a, b) return a | b end,"
    .. " function(a, b) return a ~ b end, function(a, n) return a >> n end")
  if operators then
    band, bor, bxor, rshift = operators()
  else
    local b = bit32 or bit
    band, bor, bxor, rshift = b.band, b.bor, b.bxor, b.rshift
  end
end

-- The CRC-32 of IEEE 802.3 (reflected polynomial 0xEDB88320), a byte at a time: CRC32[x] is the
-- table of one byte x, and STEP[256 * r + b] that of the register's low byte r XOR the packet's byte
-- b, so that a byte costs one bitwise call (they are calls before Lua 5.3) and the rest is arithmetic.
local CRC32 = {}
for i = 0, 255 do
  local c = i
  for _ = 1, 8 do
    if band(c, 1) == 1 then
      c = bxor(rshift(c, 1), 0xEDB88320)
    else
      c = rshift(c, 1)
    end
  end
  CRC32[i] = c
end
local STEP = {}
for r = 0, 255 do
  for b = 0, 255 do
    STEP[256 * r + b] = CRC32[bxor(r, b)]
  end
end

-- The register after the bytes. It is kept within 0 to 0xFFFFFFFF (the bit library of Lua 5.1
-- answers with signed numbers), so that % and / shift it exactly.
local function crc32_update(crc, bytes)
  for k = 1, #bytes do
    local low = crc % 256
    crc = bxor((crc - low) / 256, STEP[256 * low + bytes[k]]) % 4294967296
  end
  return crc
end

local function ones(bytes, header, offsets)
  for _, o in ipairs(offsets) do
    bytes[header + o] = 0xFF
  end
end

-- The CRC register after the ones that stand in for the LRH, where every ICRC starts.
local LRH_ONES = {}
for k = 1, ICRC_ONES do
  LRH_ONES[k] = 0xFF
end
local AFTER_LRH = crc32_update(0xFFFFFFFF, LRH_ONES)

-- The ICRC of the packet whose IP header (version 4 or 6) starts at byte ip, its UDP header at udp
-- and its BTH at bth, over the bytes before byte icrc.
local function icrc_of(src, ip, version, udp, bth, icrc)
  local crc = AFTER_LRH
  local chunk = 4096 -- string.byte returns one value per byte: a whole packet at once could overflow Lua's stack
  local s = src:raw(ip, icrc - ip)
  for from = 1, #s, chunk do
    local bytes = { s:byte(from, math.min(from + chunk - 1, #s)) }
    if from == 1 then -- every variant byte lies in the first chunk: the headers end before it does
      if version == 4 then
        ones(bytes, 1, ICRC_VARIANT.IPV4)
      else
        bytes[1] = bor(bytes[1], IPV6_VARIANT_BITS)
        ones(bytes, 1, ICRC_VARIANT.IPV6)
      end
      ones(bytes, udp - ip + 1, ICRC_VARIANT.UDP)
      ones(bytes, bth - ip + 1, ICRC_VARIANT.BTH)
    end
    crc = crc32_update(crc, bytes)
  end
  return bxor(crc, 0xFFFFFFFF) % 4294967296
end

-- The IP header that holds the UDP datagram of udp_length bytes at byte udp: its offset and
-- version; or nil, nil and why the ICRC cannot be placed: no IP header leads straight to the UDP
-- header (an IPv6 extension header between them, or IP reassembled elsewhere), or the IP header
-- gives the datagram another length.
local function network_of(src, udp, udp_length)
  for _, fi in ipairs({ ipv4_header() }) do
    local header = 4 * value(src, fi.offset, IPV4_IHL)
    if fi.offset + header == udp then
      local given = value(src, fi.offset, IPV4_TOTAL_LENGTH) - header
      if given ~= udp_length then
        return nil, nil, "the UDP length is " .. udp_length .. " where the IPv4 header leaves " .. given .. " bytes"
      end
      return fi.offset, 4
    end
  end
  for _, fi in ipairs({ ipv6_header() }) do
    if fi.offset + IPV6_LENGTH == udp then
      local given = value(src, fi.offset, IPV6_PAYLOAD_LENGTH)
      if given ~= udp_length then
        return nil, nil, "the UDP length is " .. udp_length .. " where the IPv6 header gives " .. given
      end
      return fi.offset, 6
    end
  end
  return nil, nil, "no IPv4 or IPv6 header leads straight to the UDP header"
end

-- Adds the ICRC's status to tree t: Good or Bad with the ICRC computed, or Unverified when the
-- preference is off or the ICRC cannot be placed with certainty (a note on item says why). fields
-- and notes are the protocol's: MPRT's, or those of RoCEv2's check.
local function check_icrc(t, item, src, udp, bth, icrc, fields, notes)
  local range = src(icrc, ICRC_LENGTH)
  if not mprt.prefs.check_icrc then
    t:add(fields.icrc_status, range, 2):set_generated()
    return
  end
  local ip, version, why = nil, nil, "no UDP header was found before the BTH"
  if udp ~= nil then
    ip, version, why = network_of(src, udp, icrc + ICRC_LENGTH - udp)
  end
  if ip == nil then
    t:add(fields.icrc_status, range, 2):set_generated()
    item:add_proto_expert_info(notes.unverified, "ICRC not checked: " .. why)
    return
  end
  local computed = icrc_of(src, ip, version, udp, bth, icrc)
  local carried = range:le_uint()
  t:add(fields.icrc_computed, range, computed):set_generated()
  t:add(fields.icrc_status, range, computed == carried and 1 or 0):set_generated()
  if computed ~= carried then
    item:add_proto_expert_info(notes.icrc, string.format("ICRC 0x%08X, computed 0x%08X (IBTA Annex A17)", carried, computed))
  end
end

-- The RoCEv2 packet whose BTH is at byte bth: its ICRC checked, when the preference is on and the
-- capture holds the packet whole after a UDP header (RoCEv2, not InfiniBand).
local function check_roce(src, bth, lengths, tree)
  local udp, finish = datagram(src, bth, lengths)
  if not mprt.prefs.check_icrc or udp == nil or finish > src:len() or finish - ICRC_LENGTH < bth + BTH_LENGTH then
    return
  end
  local t = tree:add(roce, src(finish - ICRC_LENGTH, ICRC_LENGTH))
  check_icrc(t, t, src, udp, bth, finish - ICRC_LENGTH, roce_fields, roce_ex)
end

local function dissect(src, bth, code, lengths, pinfo, tree)
  local captured = src:len()
  local udp, finish = datagram(src, bth, lengths)
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
        check_icrc(t, t:add_le(pf.icrc, src(icrc, ICRC_LENGTH)), src, udp, bth, icrc, pf, ex)
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
    else
      check_roce(fi.source or tvb, fi.offset, lengths, tree)
    end
  end
end

register_postdissector(mprt)
