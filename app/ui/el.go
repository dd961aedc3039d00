package ui

import (
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The screens build their elements with El, ElText and ElVoid from a selector that holds an
// element's fixed part, instead of a chain of go-app's typed builders
// (goapp.P().ID("x").Class("a b").Text(t) is ElText("p#x.a.b", t)).
//
// Why: in Go's wasm every call site costs about 100 to 300 bytes (each call can suspend its
// goroutine), every go-app builder method is an interface call, and every element type the app
// uses brings its whole set of builder methods. The screens were mostly such calls: one call
// per element, and one element type, made their code in app.wasm about a fifth smaller and
// dropped most of go-app's element types from it, 68 KB after brotli (make bench, issue 9).
// The HTML is the same, attribute for attribute.
//
// A selector is "tag#id.class.class[name=value][name]": the tag first, then optionally an id,
// classes and attributes, each attribute in brackets and the value running to its closing
// bracket (so it may hold spaces, dots and '#'); an attribute without a value is "true", as
// go-app writes a true boolean. What varies from one render to the next is chained on the
// result of ElWith, ElTextWith or ElVoidWith: .ID(id), .Class(more), .Aria("pressed", on),
// .DataSet("seat", n), .OnClick(h), and so on; .Class adds to the selector's classes.

// El is the element sel describes, with children (nil children are skipped, as go-app does).
func El(sel string, children ...goapp.UI) goapp.UI { return ElWith(sel, children...) }

// ElText is the element sel describes with text as its content.
func ElText(sel, text string) goapp.UI { return ElTextWith(sel, text) }

// ElVoid is an element that has no content and no closing tag (input, img).
func ElVoid(sel string) goapp.UI { return ElVoidWith(sel) }

// ElWith, ElTextWith and ElVoidWith are El, ElText and ElVoid returning go-app's element, for
// the elements whose attributes or handlers are chained on. The others take El and friends:
// handing go-app's element to a goapp.UI costs an interface conversion at every call site,
// about 200 bytes of wasm each.
func ElWith(sel string, children ...goapp.UI) goapp.HTMLElem {
	s := selectorOf(sel)
	e := applyAttrs(s, goapp.Elem(s.tag))
	if len(children) > 0 {
		e.Body(children...)
	}
	return e
}

func ElTextWith(sel, text string) goapp.HTMLElem {
	s := selectorOf(sel)
	return applyAttrs(s, goapp.Elem(s.tag)).Text(text)
}

func ElVoidWith(sel string) goapp.HTMLElemSelfClosing {
	s := selectorOf(sel)
	return applyAttrs(s, goapp.ElemSelfClosing(s.tag))
}

// selector is a parsed selector string.
type selector struct {
	tag   string
	attrs [][2]string // id and class first when present, then the bracketed attributes
}

// applyAttrs sets a selector's attributes on either kind of go-app element.
func applyAttrs[E interface{ Attr(string, any) E }](s *selector, e E) E {
	for _, a := range s.attrs {
		e.Attr(a[0], a[1])
	}
	return e
}

// selectors caches parsed selectors. The screens' selectors are constants (what varies is
// chained on), so it holds a few hundred; maxSelectors keeps a selector built at run time by
// mistake from growing it without bound: past it a selector is parsed every time, not kept.
var selectors = struct {
	sync.Mutex
	parsed map[string]*selector
}{parsed: map[string]*selector{}}

const maxSelectors = 4096

func selectorOf(sel string) *selector {
	selectors.Lock()
	s := selectors.parsed[sel]
	selectors.Unlock()
	if s != nil {
		return s
	}
	s = parseSelector(sel)
	selectors.Lock()
	if len(selectors.parsed) < maxSelectors {
		selectors.parsed[sel] = s
	}
	selectors.Unlock()
	return s
}

// parseSelector reads "tag#id.class.class[name=value][name]".
func parseSelector(sel string) *selector {
	s := &selector{}
	head, rest, _ := strings.Cut(sel, "[")
	var classes []string
	for i, part := range strings.Split(head, ".") {
		if i == 0 {
			tag, id, hasID := strings.Cut(part, "#")
			s.tag = tag
			if hasID {
				s.attrs = append(s.attrs, [2]string{"id", id})
			}
			continue
		}
		if part != "" {
			classes = append(classes, part)
		}
	}
	if len(classes) > 0 {
		s.attrs = append(s.attrs, [2]string{"class", strings.Join(classes, " ")})
	}
	for rest != "" {
		attr, after, _ := strings.Cut(rest, "]")
		name, value, hasValue := strings.Cut(attr, "=")
		if !hasValue {
			value = "true"
		}
		s.attrs = append(s.attrs, [2]string{name, value})
		_, rest, _ = strings.Cut(after, "[")
	}
	return s
}
