#pragma once
#include "protocol/server_message.hpp"

namespace warpath::server {

// A live connection that receives a room's frames. deliver() may be called from any thread;
// the subscriber queues the frame on its own executor.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void deliver(protocol::Frame frame) = 0;
};

}  // namespace warpath::server
