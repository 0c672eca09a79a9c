// The client's address behind trusted proxies (see client_address.hpp).
#include "server/net/client_address.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace warpath::server {

namespace ip = boost::asio::ip;

namespace {

std::string_view trim_blanks(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool only_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

// An address written as it is (no brackets, no port); nullopt when it is not one.
std::optional<ip::address> plain_address(std::string_view text) {
  // Hex digits, dots and colons only: no zone ("fe80::1%eth0" names an interface of the proxy's,
  // not a client), and no byte that inet_pton would stop at silently (a NUL). Longer than any
  // address written out in full ("0000:...:255.255.255.255") is garbage.
  if (text.empty() || text.size() > 45) return std::nullopt;
  for (const unsigned char c : text)
    if (!std::isxdigit(c) && c != '.' && c != ':') return std::nullopt;
  boost::system::error_code ec;
  const auto address = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return canonical_address(address);
}

// One entry of X-Forwarded-For, or X-Real-IP's value: "1.2.3.4", "2001:db8::1", "[2001:db8::1]",
// with a port "1.2.3.4:80" or "[2001:db8::1]:80".
std::optional<ip::address> forwarded_address(std::string_view entry) {
  entry = trim_blanks(entry);
  const auto port_ok = [](std::string_view port) { return only_digits(port) && port.size() <= 5; };
  if (entry.starts_with('[')) {
    const auto close = entry.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    const auto rest = entry.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && port_ok(rest.substr(1)))) return std::nullopt;
    auto address = plain_address(entry.substr(1, close - 1));
    if (address && !address->is_v6()) return std::nullopt;  // brackets are for IPv6
    return address;
  }
  if (std::count(entry.begin(), entry.end(), ':') == 1) {  // IPv4 with a port: IPv6 has two colons at least
    const auto colon = entry.find(':');
    if (!port_ok(entry.substr(colon + 1))) return std::nullopt;
    auto address = plain_address(entry.substr(0, colon));
    if (address && !address->is_v4()) return std::nullopt;
    return address;
  }
  return plain_address(entry);
}

}  // namespace

ip::address canonical_address(const ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  return address;
}

TrustedProxies TrustedProxies::parse(std::string_view list) {
  TrustedProxies trusted;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto entry = trim_blanks(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (entry.empty()) continue;
    const auto refuse = [&entry](const std::string& why) {
      throw std::invalid_argument("--trusted-proxies: '" + std::string(entry) + "' " + why);
    };
    const auto slash = entry.find('/');
    boost::system::error_code ec;
    auto address = ip::make_address(std::string(entry.substr(0, slash)), ec);
    if (ec) refuse("is not an IP address or a CIDR range (such as 10.0.0.0/8)");
    Range range;
    range.v6 = address.is_v6();
    range.prefix = range.v6 ? 128 : 32;
    if (slash != std::string_view::npos) {
      const auto digits = entry.substr(slash + 1);
      if (!only_digits(digits) || digits.size() > 3 || std::stoul(std::string(digits)) > range.prefix)
        refuse("has no prefix length of 0 to " + std::to_string(range.prefix) + " after its '/'");
      range.prefix = static_cast<unsigned>(std::stoul(std::string(digits)));
    }
    // An IPv4 address written as IPv6 (::ffff:10.0.0.0/104) is the IPv4 range.
    if (range.v6 && address.to_v6().is_v4_mapped() && range.prefix >= 96) {
      address = canonical_address(address);
      range.v6 = false;
      range.prefix -= 96;
    }
    if (range.v6) {
      range.bytes = address.to_v6().to_bytes();
    } else {
      const auto v4 = address.to_v4().to_bytes();
      std::copy(v4.begin(), v4.end(), range.bytes.begin());
    }
    for (unsigned bit = range.prefix; bit < (range.v6 ? 128u : 32u); ++bit)
      if (range.bytes[bit / 8] & (0x80 >> (bit % 8)))
        refuse("has bits set after its prefix of " + std::to_string(range.prefix) + " bits");
    trusted.ranges_.push_back(range);
  }
  return trusted;
}

bool TrustedProxies::contains(const ip::address& address) const {
  const auto canonical = canonical_address(address);
  std::array<unsigned char, 16> bytes{};
  if (canonical.is_v6()) {
    bytes = canonical.to_v6().to_bytes();
  } else {
    const auto v4 = canonical.to_v4().to_bytes();
    std::copy(v4.begin(), v4.end(), bytes.begin());
  }
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const Range& range) {
    if (range.v6 != canonical.is_v6()) return false;
    const unsigned whole = range.prefix / 8;
    if (!std::equal(bytes.begin(), bytes.begin() + whole, range.bytes.begin())) return false;
    const unsigned rest = range.prefix % 8;
    if (rest == 0) return true;
    const unsigned char mask = static_cast<unsigned char>(0xff << (8 - rest));
    return (bytes[whole] & mask) == range.bytes[whole];
  });
}

std::string TrustedProxies::to_string() const {
  std::string out;
  for (const auto& range : ranges_) {
    if (!out.empty()) out += ",";
    if (range.v6) {
      out += ip::make_address_v6(range.bytes).to_string();
    } else {
      out += ip::make_address_v4(
                 ip::address_v4::bytes_type{range.bytes[0], range.bytes[1], range.bytes[2], range.bytes[3]})
                 .to_string();
    }
    if (range.prefix != (range.v6 ? 128u : 32u)) out += "/" + std::to_string(range.prefix);
  }
  return out;
}

ClientAddress client_address(const ip::address& peer, std::optional<std::string_view> forwarded_for,
                             std::optional<std::string_view> real_ip, const TrustedProxies& trusted) {
  const auto from_peer = canonical_address(peer);
  if (!trusted.contains(from_peer)) return {from_peer, ClientSource::peer};
  if (forwarded_for) {
    // From the right: each hop appended the address it was reached from.
    std::string_view rest = *forwarded_for;
    for (;;) {
      const auto comma = rest.rfind(',');
      const auto entry = comma == std::string_view::npos ? rest : rest.substr(comma + 1);
      const auto address = forwarded_address(entry);
      if (!address) return {from_peer, ClientSource::malformed};
      if (!trusted.contains(*address) || comma == std::string_view::npos)
        return {*address, ClientSource::forwarded_for};
      rest = rest.substr(0, comma);
    }
  }
  if (real_ip) {
    if (const auto address = forwarded_address(*real_ip)) return {*address, ClientSource::real_ip};
    return {from_peer, ClientSource::malformed};
  }
  return {from_peer, ClientSource::peer};
}

ClientAddress client_address(const ip::address& peer, const boost::beast::http::fields& headers,
                             const TrustedProxies& trusted) {
  if (!trusted.contains(peer)) return client_address(peer, std::nullopt, std::nullopt, trusted);  // nothing to read
  // Several lines of one header are one list, in order (RFC 9110, 5.3); several X-Real-IP lines
  // are therefore no single address, and malformed.
  const auto joined = [&headers](std::string_view name) -> std::optional<std::string> {
    const auto [first, last] = headers.equal_range(name);
    if (first == last) return std::nullopt;
    std::string value;
    for (auto it = first; it != last; ++it) {
      if (it != first) value += ',';
      value += it->value();
    }
    return value;
  };
  const auto forwarded_for = joined("X-Forwarded-For");
  const auto real_ip = joined("X-Real-IP");
  return client_address(peer, forwarded_for ? std::optional<std::string_view>(*forwarded_for) : std::nullopt,
                        real_ip ? std::optional<std::string_view>(*real_ip) : std::nullopt, trusted);
}

}  // namespace warpath::server
