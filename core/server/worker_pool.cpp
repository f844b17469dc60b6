#include "server/worker_pool.hpp"

namespace marionette::server {

void write_what_fits(Answer& answer, TlsConnection& tls) {
  while (answer.sent < answer.bytes.size()) {
    std::size_t put = 0;
    const TlsWait wait =
        tls.write_some(answer.bytes.data() + answer.sent, answer.bytes.size() - answer.sent, put);
    if (wait == TlsWait::readable || wait == TlsWait::writable) return;  // the loop goes on
    if (wait != TlsWait::none) {
      answer.broken = true;
      return;
    }
    answer.sent += put;
  }
}

WorkerPool::WorkerPool(unsigned workers, std::size_t max_queued, std::function<Answer(Job&)> serve,
                       std::function<void()> wake, ServerMetrics& metrics)
    : max_queued_(max_queued), serve_(std::move(serve)), wake_(std::move(wake)), metrics_(metrics) {
  for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  stop();
}

bool WorkerPool::submit(Job job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || (max_queued_ != 0 && jobs_.size() >= max_queued_)) return false;
    jobs_.push_back(std::move(job));
    metrics_.queue_length(jobs_.size());
  }
  ready_.notify_one();
  return true;
}

std::vector<Answer> WorkerPool::answers() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Answer> ready;
  ready.swap(answers_);
  return ready;
}

void WorkerPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  ready_.notify_all();
  for (std::thread& thread : threads_)
    if (thread.joinable()) thread.join();
  threads_.clear();
}

void WorkerPool::work() {
  while (true) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    metrics_.queue_length(jobs_.size());
    lock.unlock();
    metrics_.worker_busy();
    Answer answer = serve_(job);
    metrics_.worker_idle();
    lock.lock();
    answers_.push_back(std::move(answer));
    lock.unlock();
    wake_();
  }
}

}  // namespace marionette::server
