package main

import (
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/pion/webrtc/v4"
)

// page is the baseline's one component.
type page struct {
	goapp.Compo

	mounted   bool
	channelMS string // how long the loopback data channel took to open, once it did
	problem   string
}

func (p *page) OnMount(ctx goapp.Context) {
	p.mounted = true
	ctx.Async(func() {
		took, err := openLoopbackChannel()
		ctx.Dispatch(func(goapp.Context) {
			if err != nil {
				p.problem = err.Error()
				return
			}
			p.channelMS = strconv.FormatFloat(took.Seconds()*1000, 'f', 1, 64)
		})
	})
}

func (p *page) Render() goapp.UI {
	class := "base"
	if p.mounted {
		class += " ready"
	}
	return goapp.Main().Class(class).Body(
		goapp.H1().Text("Baseline"),
		goapp.Button().ID("create").Type("button").Text("Create a game"),
		goapp.P().ID("channel").Attr("data-channel-ms", p.channelMS).Text(p.problem),
	)
}

// openLoopbackChannel connects two PeerConnections of this page to each other and waits
// until the data channel between them is open.
func openLoopbackChannel() (time.Duration, error) {
	start := time.Now()
	offerer, err := webrtc.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		return 0, err
	}
	answerer, err := webrtc.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		offerer.Close()
		return 0, err
	}
	offerer.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c != nil {
			_ = answerer.AddICECandidate(c.ToJSON())
		}
	})
	answerer.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c != nil {
			_ = offerer.AddICECandidate(c.ToJSON())
		}
	})
	opened := make(chan struct{})
	dc, err := offerer.CreateDataChannel("baseline", nil)
	if err != nil {
		return 0, err
	}
	dc.OnOpen(func() { close(opened) })
	offer, err := offerer.CreateOffer(nil)
	if err != nil {
		return 0, err
	}
	if err := offerer.SetLocalDescription(offer); err != nil {
		return 0, err
	}
	if err := answerer.SetRemoteDescription(offer); err != nil {
		return 0, err
	}
	answer, err := answerer.CreateAnswer(nil)
	if err != nil {
		return 0, err
	}
	if err := answerer.SetLocalDescription(answer); err != nil {
		return 0, err
	}
	if err := offerer.SetRemoteDescription(answer); err != nil {
		return 0, err
	}
	<-opened
	return time.Since(start), nil
}
