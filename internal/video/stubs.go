package video

func parseRAWVF(data []byte) (*Video, error) { return nil, ErrUnsupported }
