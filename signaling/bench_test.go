//go:build !js

package signaling

import (
	"encoding/json"
	"fmt"
	"testing"

	"safehouse/wire"
)

// BenchmarkJoin measures a full join over loopback: dial, join, and the
// host's `peer` notice.
func BenchmarkJoin(b *testing.B) {
	ts := startServer(b, benchJoinLimits)
	benchmarkJoins(b, ts, ts)
}

// benchJoinLimits lift every limit a stream of joins from one test meets.
var benchJoinLimits = Config{PeersPerRoom: 1 << 20, ConnsPerAddress: 1 << 20, MaxConns: 1 << 20,
	JoinsPerMinute: 1 << 20, RoomJoinsPerMinute: 1 << 20}

// benchmarkJoins hosts a room on home and times joins to it through via, each until the
// host heard of it, then its leave.
func benchmarkJoins(b *testing.B, home, via *testServer) {
	host := home.dial(b, "127.0.0.2")
	room, _ := host.host()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		peer := via.dial(b, fmt.Sprintf("127.0.%d.%d", 10+i/250, 1+i%250))
		peer.join(room)
		host.expect(wire.TypePeer)
		peer.conn.CloseNow()
		host.expect(wire.TypeLeft)
		i++
	}
}

// BenchmarkRelay measures one peer-to-host message of 1 KiB through the server.
func BenchmarkRelay(b *testing.B) {
	ts := startServer(b, Config{RelayRate: 1 << 40, RelayBurst: 1 << 40}) // the budget would throttle the loop
	host := ts.dial(b, "127.0.0.2")
	room, _ := host.host()
	peer := ts.dial(b, "127.0.0.3")
	peer.join(room)
	host.expect(wire.TypePeer)
	data, _ := json.Marshal(fmt.Sprintf("%01024d", 0))
	msg := wire.Message{T: wire.TypeTo, Data: data}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		peer.send(msg)
		host.expect(wire.TypeFrom)
	}
}

// BenchmarkJoinAcrossInstances is BenchmarkJoin through another instance of a cluster than
// the room's home (NATS embedded): the cluster's cost of a join, beside BenchmarkJoin's. It
// reports the messages NATS took in per join (the request, its answer and the leave; the
// directory's writes and their deliveries to the instances' watchers come to a few hundredths).
func BenchmarkJoinAcrossInstances(b *testing.B) {
	ns := startNATS(b)
	home, other := startInstance(b, ns.ClientURL(), benchJoinLimits), startInstance(b, ns.ClientURL(), benchJoinLimits)
	before, err := ns.Varz(nil)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkJoins(b, home, other)
	after, err := ns.Varz(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(after.InMsgs-before.InMsgs)/float64(b.N), "nats-msgs/op")
}
