package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
)

// maxBody is the largest request body the fake reads: Discord's 25 MiB upload
// limit plus room for the JSON payload.
const maxBody = 26 << 20

// errInvalidJSON is reported as Discord's 50109 "The request body contains
// invalid JSON."
var errInvalidJSON = errors.New("the request body contains invalid JSON")

// decodeBody splits a request or reply body into its JSON payload and files,
// as Discord does: application/json is the payload itself; multipart/form-data
// carries the payload in the part named payload_json and files in parts with
// a file name (files[n], or the legacy file and fileN). An empty body yields
// no payload. It returns the media type without parameters.
func decodeBody(contentType string, body []byte) (mediaType string, payload json.RawMessage, files []File, err error) {
	if len(body) == 0 {
		return "", nil, nil, nil
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", nil, nil, fmt.Errorf("%w: bad Content-Type %q: %v", errInvalidJSON, contentType, err)
	}
	switch mediaType {
	case "application/json":
		if !json.Valid(body) {
			return mediaType, nil, nil, errInvalidJSON
		}
		return mediaType, json.RawMessage(body), nil, nil
	case "multipart/form-data":
		payload, files, err := decodeMultipart(body, params["boundary"])
		return mediaType, payload, files, err
	default:
		return mediaType, nil, nil, fmt.Errorf("%w: unsupported Content-Type %q", errInvalidJSON, mediaType)
	}
}

// decodeMultipart reads a multipart/form-data body.
func decodeMultipart(body []byte, boundary string) (json.RawMessage, []File, error) {
	if boundary == "" {
		return nil, nil, fmt.Errorf("%w: multipart body without boundary", errInvalidJSON)
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	var payload json.RawMessage
	var files []File
	// Every part is read into one buffer as long as the body: the parts are never longer.
	buf := make([]byte, 0, len(body))
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%w: read multipart body: %v", errInvalidJSON, err)
		}
		start := len(buf)
		buf, err = readAppend(buf, part)
		data := buf[start:len(buf):len(buf)]
		if err != nil {
			return nil, nil, fmt.Errorf("%w: read part %q: %v", errInvalidJSON, part.FormName(), err)
		}
		switch {
		case part.FormName() == "payload_json":
			if !json.Valid(data) {
				return nil, nil, fmt.Errorf("%w: payload_json", errInvalidJSON)
			}
			payload = json.RawMessage(data)
		case part.FileName() != "":
			ct := part.Header.Get("Content-Type")
			if ct == "" {
				ct = "application/octet-stream"
			}
			files = append(files, File{Field: part.FormName(), Name: part.FileName(), ContentType: ct, Data: data})
		}
	}
	return payload, files, nil
}

// readAppend reads r to its end onto buf, growing it only when it is full, and returns it.
func readAppend(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
